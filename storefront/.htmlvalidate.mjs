// html-validate's rules for the storefront's pages and the back office's sign-in page (used by
// e2e/validators.spec.ts, and by html-validate's own CLI run in this folder).
// "html-validate:recommended" holds every rule of "html-validate:standard" and more; all of them are on
// except four rules of spelling only, where React's output is valid HTML either way:
// - doctype-style: React writes `<!DOCTYPE html>`, the rule wants `<!doctype html>`;
// - void-style: React writes `<meta ... />`, the rule wants `<meta ...>`;
// - attribute-boolean-style: React writes `disabled=""`, the rule wants `disabled`;
// - attr-case: React's server renderer writes some attribute names in camelCase (`autoComplete`,
//   `imageSrcSet`), and attribute names are case-insensitive in HTML.
// One rule is relaxed: valid-id allows React's useId ids such as `_R_abc_` (any id without spaces).
//
// Element rules added to html-validate's HTML5 metadata (the checks html-validate 11 leaves out and
// another validator or the HTML spec makes):
// - <link> needs an href (element-required-attributes): an image preload names its candidates in
//   imagesrcset and its fallback in href;
// - no <main> inside <noscript> (element-permitted-content): a hierarchically correct <main> has only
//   html, body, div or form above it (the Nu checker's error);
// - no aria-label / aria-labelledby on <ul> and <ol> (no-deprecated-attr): assistive technology does
//   not announce a list's name (https://www.w3.org/TR/using-aria/#label-support); say it in text.
const listName = {
  deprecated: "a list's name is not announced (https://www.w3.org/TR/using-aria/#label-support)",
};

export default {
  extends: ["html-validate:standard", "html-validate:recommended"],
  elements: [
    "html5",
    {
      link: { requiredAttributes: ["href"] },
      noscript: { permittedDescendants: [{ exclude: ["noscript", "main"] }] },
      ul: { attributes: { "aria-label": listName, "aria-labelledby": listName } },
      ol: { attributes: { "aria-label": listName, "aria-labelledby": listName } },
    },
  ],
  rules: {
    "doctype-style": "off",
    "void-style": "off",
    "attribute-boolean-style": "off",
    "attr-case": "off",
    "valid-id": ["error", { relaxed: true }],
    "tel-non-breaking": [
      "error",
      {
        characters: [{ pattern: " ", replacement: "&nbsp;", description: "non-breaking space" }],
      },
    ],
  },
};
