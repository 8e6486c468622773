// The settings form's building blocks: a field bound by its path, sections of fields described as data.
import type { BusinessSettingsInput } from "@ch/contracts/settings";
import type { ReactNode } from "react";
import type { Control, Path } from "react-hook-form";
import { asNumber, InputField, type InputFieldProps } from "../../components/form";

export type Settings = BusinessSettingsInput;
export type SettingsControl = Control<Settings>;

/** A field's id is its path ("settings-company-phone"); its error is `${id}-error`. */
export const fieldId = (path: string) => `settings-${path.replace(/\./g, "-")}`;

type TextProps = Omit<InputFieldProps<Settings>, "name" | "id"> & { path: Path<Settings> };

export function Text({ path, ...props }: TextProps) {
  return <InputField {...props} name={path} id={fieldId(path)} />;
}

export function Num(props: TextProps) {
  return <Text type="number" inputMode="decimal" {...asNumber} {...props} />;
}

/** A section's fields, as a list: each a Text, or a Num when `number` is set. */
export type FieldSpec = Omit<TextProps, "control"> & { number?: true };

export function Fields({ control, fields }: { control: SettingsControl; fields: readonly FieldSpec[] }) {
  return fields.map(({ number, ...field }) =>
    number ? (
      <Num key={field.path} control={control} {...field} />
    ) : (
      <Text key={field.path} control={control} {...field} />
    ),
  );
}

/** A section that is a grid of fields: its title, its line of help, the grid's classes and the fields. */
interface FieldsSectionSpec {
  title: string;
  intro: string;
  columns: string;
  fields: readonly FieldSpec[];
}

/** A section of fields, and any more controls after them in its grid. */
export function FieldsSection({
  control,
  section: { title, intro, columns, fields },
  children,
}: {
  control: SettingsControl;
  section: FieldsSectionSpec;
  children?: ReactNode;
}) {
  return (
    <Section title={title} intro={intro}>
      <div className={`grid gap-4 ${columns}`}>
        <Fields control={control} fields={fields} />
        {children}
      </div>
    </Section>
  );
}

export const WARRANTY: FieldsSectionSpec = {
  title: "Warranty",
  intro: "Years of cover, counted from delivery.",
  columns: "sm:grid-cols-4",
  fields: [
    { path: "warranty.structuralYears", label: "Structural (years)", number: true },
    { path: "warranty.systemsYears", label: "Systems (years)", number: true },
    { path: "warranty.finishYears", label: "Finish (years)", number: true },
    { path: "warranty.installationYears", label: "Installation (years)", number: true },
  ],
};

export const COMPANY: FieldsSectionSpec = {
  title: "Company",
  intro: "Shown on every page, in e-mails and in the LocalBusiness structured data.",
  columns: "sm:grid-cols-2",
  fields: [
    { path: "company.name", label: "Company name" },
    { path: "company.phone", label: "Phone", type: "tel" },
    { path: "company.email", label: "E-mail", type: "email" },
    { path: "company.street", label: "Street" },
    { path: "company.city", label: "City" },
    { path: "company.region", label: "State" },
    { path: "company.postalCode", label: "ZIP code", inputMode: "numeric" },
  ],
};

export const COORDINATE_FIELDS: FieldSpec[] = [
  { path: "company.latitude", label: "Latitude", step: "any", number: true },
  { path: "company.longitude", label: "Longitude", step: "any", number: true },
];

export const LEAD_TIMES: FieldsSectionSpec = {
  title: "Lead times",
  intro: "Production in the factory, and the delivery window, counted from the deposit or from the order.",
  columns: "sm:grid-cols-4",
  fields: [
    { path: "production.minWeeks", label: "Production from (weeks)", number: true },
    { path: "production.maxWeeks", label: "Production to (weeks)", number: true },
    { path: "delivery.minWeeks", label: "Delivery from (weeks)", number: true },
    { path: "delivery.maxWeeks", label: "Delivery to (weeks)", number: true },
  ],
};

const digits = { inputMode: "numeric", autoComplete: "off" } as const;
export const BANK: FieldsSectionSpec = {
  title: "Bank transfer",
  intro:
    "Shown with each order's payment reference and amount on the customer's confirmation page, order page and e-mails (never on public pages). Give all four, or leave all four empty: customers are then told the details follow by e-mail.",
  columns: "sm:grid-cols-2",
  fields: [
    { path: "bankTransfer.bankName", label: "Bank name" },
    { path: "bankTransfer.accountName", label: "Account name" },
    { path: "bankTransfer.routingNumber", label: "Routing number (ABA)", ...digits },
    { path: "bankTransfer.accountNumber", label: "Account number", ...digits },
  ],
};

export function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      {intro && <p className="mb-4 text-sm text-slate-600">{intro}</p>}
      {children}
    </fieldset>
  );
}
