// pa11y ships no types: the part of its API that validators.spec.ts uses.
declare module "pa11y" {
  import type { Browser, Page } from "puppeteer";

  export interface Pa11yIssue {
    code: string;
    type: "error" | "warning" | "notice";
    message: string;
    selector: string;
    runner: string;
  }

  export interface Pa11yOptions {
    browser?: Browser;
    page?: Page;
    runners?: ("htmlcs" | "axe")[];
    standard?: "WCAG2A" | "WCAG2AA" | "WCAG2AAA";
    timeout?: number;
    actions?: string[];
  }

  export default function pa11y(url: string, options?: Pa11yOptions): Promise<{ issues: Pa11yIssue[] }>;
}
