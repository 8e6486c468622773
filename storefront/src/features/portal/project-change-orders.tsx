// Changes to the build after the contract: what each change order adds or takes off and what it does to
// the invoices; a pending one is signed here as the contract was (the consent and an e-mailed code).
import type { ChangeOrderDto } from "@ch/contracts/change-orders";
import { changeOrderAgreementText, SIGNING_CONSENT_TEXT } from "@ch/contracts/signing-texts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { CheckField, SigningCodeField } from "../../components/signing-fields";
import { buttonClass, FormMessage, TextField } from "../../components/ui";
import { focusFirstInvalid, formErrors, useFormFields } from "../../lib/form-errors";
import { formatAmount } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { PortalSection } from "./portal-section";

const dollars = (cents: number) => formatAmount(cents / 100);
const signed = (cents: number) => `${cents >= 0 ? "+" : "−"}${dollars(Math.abs(cents))}`;
const STATUS: Record<ChangeOrderDto["status"], string> = {
  pending: "Waiting for your signature",
  signed: "Signed",
  withdrawn: "Withdrawn",
};
const SIGN_FIELDS = ["fullName", "agree", "consent", "code"] as const;

function SignChangeOrder({ co }: { co: ChangeOrderDto }) {
  const queries = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, field, errors, setErrors, clear, edited } = useFormFields({ fullName: "", code: "" });
  const [checks, setChecks] = useState({ agree: false, consent: false });
  const [sent, setSent] = useState<string | null>(null);
  const check = (name: "agree" | "consent") => ({
    name: `change-${name}`,
    checked: checks[name],
    onChange: (checked: boolean) => {
      setChecks((now) => ({ ...now, [name]: checked }));
      edited(name);
    },
    error: errors.fields[name],
  });
  const refused = (error: unknown) => {
    setErrors(formErrors(error, SIGN_FIELDS, "We couldn't record your signature. Please try again."));
    focusFirstInvalid(formRef.current);
  };
  const sendCode = useMutation({
    ...trpc.portal.changeOrderCode.mutationOptions(),
    onSuccess: (answer) => setSent(answer.message),
    onError: refused,
  });
  const sign = useMutation({
    ...trpc.portal.signChangeOrder.mutationOptions(),
    onSuccess: () => void queries.invalidateQueries({ queryKey: trpc.portal.pathKey() }),
    onError: refused,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields: Partial<Record<string, string>> = {};
    if (values.fullName.trim().length < 3) fields.fullName = "Please type your full name.";
    if (!checks.agree) fields.agree = "Please confirm that you agree to the change.";
    if (!checks.consent) fields.consent = "Please consent to sign electronically.";
    if (!/^\d{6}$/.test(values.code.trim())) fields.code = "Please type the 6-digit code we e-mailed you.";
    if (Object.keys(fields).length > 0) {
      setErrors({ fields, message: null });
      return focusFirstInvalid(formRef.current);
    }
    clear();
    sign.mutate({ id: co.id, fullName: values.fullName.trim(), agree: true, consent: true, code: values.code.trim() });
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="mt-3 grid gap-3 border-t border-slate-200 pt-3">
      <TextField label="Your full name" required autoComplete="name" {...field("fullName")} />
      <CheckField {...check("agree")}>{changeOrderAgreementText(co.number, co.orderNumber)}</CheckField>
      <CheckField {...check("consent")}>{SIGNING_CONSENT_TEXT}</CheckField>
      <SigningCodeField
        field={field("code")}
        onSend={() => sendCode.mutate({ id: co.id })}
        sending={sendCode.isPending}
        sentMessage={sent}
      />
      <FormMessage message={errors.message} />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={sign.isPending}>
          {sign.isPending ? "Signing..." : "Sign Change Order"}
        </button>
      </div>
    </form>
  );
}

export default function ProjectChangeOrders({ changeOrders }: { changeOrders: ChangeOrderDto[] }) {
  if (changeOrders.length === 0) return null;
  return (
    <PortalSection id="changes-title" title="Changes to your build">
      <ul className="mt-3 grid gap-4" data-testid="change-orders">
        {changeOrders.map((co) => (
          <li key={co.id} className="rounded-2xl border border-slate-200 p-4 text-sm">
            <p className="font-semibold">
              Change order {co.number} · {STATUS[co.status]}
            </p>
            <p className="mt-1 text-slate-700">{co.note}</p>
            <table className="mt-2 w-full text-left">
              <tbody>
                {co.lines.map((l) => (
                  <tr key={`${l.name}-${l.quantity}-${l.unitPriceCents}`} className="border-t border-slate-100">
                    <td className="py-1">
                      {l.quantity} × {l.name}
                    </td>
                    <td className="py-1 text-right">{signed(l.lineTotalCents)}</td>
                  </tr>
                ))}
                <tr className="border-t border-slate-200">
                  <td className="py-1">Tax</td>
                  <td className="py-1 text-right">{signed(co.taxDeltaCents)}</td>
                </tr>
                <tr className="font-semibold">
                  <td className="py-1">Change to your total</td>
                  <td className="py-1 text-right" data-testid="change-order-delta">
                    {signed(co.totalDeltaCents)}
                  </td>
                </tr>
              </tbody>
            </table>
            {co.status === "pending" && co.newOrderTotalCents !== null ? (
              <p className="mt-2 text-slate-700">
                Your total goes from {dollars(co.orderTotalCents ?? 0)} to {dollars(co.newOrderTotalCents)};{" "}
                {co.schedule
                  .filter((s) => s.newAmountCents !== s.amountCents)
                  .map((s) => `the ${s.kind} from ${dollars(s.amountCents)} to ${dollars(s.newAmountCents)}`)
                  .join(", ")}
                .
              </p>
            ) : null}
            {co.signedAt ? (
              <p className="mt-2 text-slate-600">
                Signed by {co.signedName} on{" "}
                {new Date(co.signedAt).toLocaleDateString("en-US", { dateStyle: "medium" })}
              </p>
            ) : null}
            {co.status === "pending" ? <SignChangeOrder co={co} /> : null}
          </li>
        ))}
      </ul>
    </PortalSection>
  );
}
