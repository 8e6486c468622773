// pa11y (storefront/e2e/validators.spec.ts) drives puppeteer; the tests use Debian's chromium
// (/usr/bin/chromium), so puppeteer never downloads a browser of its own, at install or at run time.
module.exports = { skipDownload: true, executablePath: "/usr/bin/chromium" };
