import type { CheckStatus } from "@ch/contracts/seo";

export const toneClass = {
  green: "bg-emerald-50 text-emerald-800 border-emerald-200",
  yellow: "bg-yellow-50 text-yellow-900 border-yellow-300",
  red: "bg-red-50 text-red-800 border-red-200",
} as const;

export const statusTone: Record<CheckStatus, keyof typeof toneClass> = {
  pass: "green",
  warning: "yellow",
  fail: "red",
};
export const statusLabel: Record<CheckStatus, string> = {
  pass: "Optimized",
  warning: "Needs attention",
  fail: "Issue",
};
