// The plain-text spec sheet, built in the browser.

import { deliveryWindow, formatWeeks, yearsLabel } from "@ch/contracts/business-facts";
import { categoryLabel, formatNumber, formatPrice } from "../../lib/format";
import type { ProductDto } from "../../lib/queries";
import type { SiteConfig } from "../../lib/site-config";
import { depositTerms, formatAddress } from "../../lib/site-config";

const STANDARD = [
  "Steel frame",
  "R-13 insulation",
  "100-amp electrical panel",
  "PEX plumbing",
  "Mini-split HVAC",
  "Vinyl plank flooring",
];

export function specSheetText(product: ProductDto, config: SiteConfig | undefined, now = new Date()): string {
  const s = product.specs;
  const rows: [string, number | undefined, string?][] = [
    ["Bedrooms", s.bedrooms],
    ["Bathrooms", s.bathrooms],
    ["Square Feet", s.sqft],
    ["Containers", s.containers],
    ["Units", s.units],
    ["Floors", s.floors],
    ["Parking Spaces", s.parking],
  ];
  const lines = [
    `${product.name.toUpperCase()} - SPECIFICATION SHEET`,
    "=".repeat(48),
    "",
    `Category: ${categoryLabel(product.category)}`,
    `Price: ${formatPrice(product.price)} USD`,
    `Availability: ${product.inStock ? "In stock" : "Out of stock"}`,
    "",
    "DESCRIPTION",
    product.description,
    "",
    "SPECIFICATIONS",
    ...rows.filter(([, v]) => v !== undefined).map(([label, v]) => `- ${label}: ${formatNumber(v!)}`),
    "",
    "STANDARD FEATURES",
    ...STANDARD.map((f) => `- ${f}`),
    "",
    "ORDERING",
    ...(config
      ? [
          `- Production ${formatWeeks(config.production)}; delivery ${deliveryWindow(config)}`,
          `- ${depositTerms(config)}`,
          `- ${yearsLabel(config.warranty.structuralYears)} structural warranty`,
        ]
      : []),
    "- Payment by USDT (TRC20) or bank transfer",
  ];
  if (config) {
    lines.push(
      "",
      "CONTACT",
      config.company.name,
      `Phone: ${config.company.phone}`,
      `Email: ${config.company.email}`,
      `Address: ${formatAddress(config.company)}`,
    );
  }
  lines.push("", `Generated ${now.toLocaleDateString()} - prices and specifications subject to change.`);
  return `${lines.join("\n")}\n`;
}

export function specSheetFileName(name: string): string {
  return `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "product"
  }-spec-sheet.txt`;
}

export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
