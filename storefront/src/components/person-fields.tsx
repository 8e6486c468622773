// Who is asking, on the enquiry forms (contact and quote): name, e-mail and phone. The quote dialog's
// call request needs the phone, so its label and whether it is required are the caller's.
import type { BoundField } from "../lib/form-errors";
import { TextField } from "./ui";

const REQUIRED_FIELDS = [
  { key: "firstName", label: "First Name", type: "text", autoComplete: "given-name" },
  { key: "lastName", label: "Last Name", type: "text", autoComplete: "family-name" },
  { key: "email", label: "Email", type: "email", autoComplete: "email" },
] as const;

export function PersonFields({
  field,
  phoneLabel = "Phone",
  phoneRequired,
}: {
  field: (key: "firstName" | "lastName" | "email" | "phone") => BoundField;
  phoneLabel?: string;
  phoneRequired?: boolean;
}) {
  return (
    <>
      {REQUIRED_FIELDS.map(({ key, ...input }) => (
        <TextField key={key} {...input} required {...field(key)} />
      ))}
      <TextField label={phoneLabel} type="tel" required={phoneRequired} autoComplete="tel" {...field("phone")} />
    </>
  );
}
