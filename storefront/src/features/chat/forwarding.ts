// Which chat messages also go to the team on Telegram (spec section 5), and what we say about the sender.

const FORWARD_WORDS = ["contact", "call", "urgent", "quote", "schedule"];

export function shouldForward(message: string): boolean {
  const text = message.toLowerCase();
  if (FORWARD_WORDS.some((word) => text.includes(word))) return true;
  return text.includes("?") && message.length > 50;
}

export type Device = "Mobile" | "Desktop";
export type Browser = "Chrome" | "Firefox" | "Safari" | "Unknown";

export function detectDevice(userAgent: string): Device {
  return /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? "Mobile" : "Desktop";
}

export function detectBrowser(userAgent: string): Browser {
  if (/Firefox|FxiOS/.test(userAgent)) return "Firefox";
  if (/Chrome|Chromium|CriOS/.test(userAgent)) return "Chrome";
  if (/Safari/.test(userAgent)) return "Safari";
  return "Unknown";
}

export function forwardPayload(message: string, currentPage: string, userAgent: string) {
  return {
    message: message.slice(0, 2000),
    userInfo: {
      currentPage: currentPage.slice(0, 500),
      device: detectDevice(userAgent),
      browser: detectBrowser(userAgent),
    },
  };
}
