// The shared pieces render the markup the pages had before they shared them (the e2e suites and the
// HTML validator read it): headings, definition rows, table heads and the enquiry fields.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BoundField } from "../lib/form-errors";
import { StateSelect } from "./delivery-fields";
import { PersonFields } from "./person-fields";
import { DetailRow, TableHead, TitledSection } from "./ui";

const bound = (value = ""): BoundField => ({ value, onChange: () => {}, error: undefined });

describe("TitledSection", () => {
  it("is a section named by its heading, the bordered card by default", () => {
    const html = renderToStaticMarkup(
      <TitledSection id="hours-title" title="Business Hours">
        x
      </TitledSection>,
    );
    expect(html).toBe(
      '<section aria-labelledby="hours-title" class="rounded-2xl border border-slate-200 p-6 shadow-sm">' +
        '<h2 id="hours-title" class="text-lg font-bold text-slate-900">Business Hours</h2>x</section>',
    );
  });

  it("takes another element, heading level, classes and a test id", () => {
    const html = renderToStaticMarkup(
      <TitledSection
        id="p"
        title="Payment"
        as="aside"
        heading="h3"
        className="c"
        titleClassName="t"
        data-testid="panel"
      >
        x
      </TitledSection>,
    );
    expect(html).toBe(
      '<aside aria-labelledby="p" class="c" data-testid="panel"><h3 id="p" class="t">Payment</h3>x</aside>',
    );
  });
});

describe("DetailRow", () => {
  it("mutes the term and marks the value", () => {
    expect(
      renderToStaticMarkup(
        <DetailRow term="Subtotal" className="flex justify-between" valueTestId="order-subtotal">
          $1.00
        </DetailRow>,
      ),
    ).toBe(
      '<div class="flex justify-between"><dt class="text-slate-600">Subtotal</dt><dd data-testid="order-subtotal">$1.00</dd></div>',
    );
  });

  it("leaves an emphasis row's term plain and a bare row without classes", () => {
    expect(
      renderToStaticMarkup(
        <DetailRow term="Total" emphasis>
          $2.00
        </DetailRow>,
      ),
    ).toBe("<div><dt>Total</dt><dd>$2.00</dd></div>");
  });
});

it("TableHead is one row of column headings", () => {
  const columns = [
    ["Item", "py-2 font-medium"],
    ["Qty", "py-2 text-right font-medium"],
  ] as const;
  expect(
    renderToStaticMarkup(
      <table>
        <TableHead columns={columns} rowClassName="r" />
      </table>,
    ),
  ).toBe(
    '<table><thead><tr class="r"><th scope="col" class="py-2 font-medium">Item</th>' +
      '<th scope="col" class="py-2 text-right font-medium">Qty</th></tr></thead></table>',
  );
});

describe("enquiry fields", () => {
  it("marks name and e-mail required, the phone only when asked", () => {
    const optional = renderToStaticMarkup(<PersonFields field={() => bound()} />);
    expect(optional.match(/ required=""/g)).toHaveLength(3);
    expect(optional).toContain('<input type="email"');
    expect(optional).toMatch(/<input type="tel" id="[^"]+" autoComplete="tel" class="[^"]+" value=""\/>/);
    const required = renderToStaticMarkup(<PersonFields field={() => bound()} phoneLabel="Phone" phoneRequired />);
    expect(required.match(/ required=""/g)).toHaveLength(4);
  });

  it("a state select marks its label required, not the select", () => {
    const html = renderToStaticMarkup(<StateSelect label="State" name="state" required {...bound("TX")} />);
    expect(html).toContain('<span class="text-red-700" aria-hidden="true"> *</span>');
    expect(html).toMatch(/<select id="[^"]+" name="state" class="[^"]+" autoComplete="address-level1">/);
    expect(html).toContain('<option value="">Select a state</option>');
    expect(html).toContain('<option value="TX" selected="">Texas</option>');
  });
});
