// Accept this proposal: the typed full name, how the deposit will be paid, the agreement to the terms, the
// consent to sign electronically and the 6-digit code e-mailed to the proposal's address (E-SIGN Act / UETA).
import type { PublicProposalDto } from "@ch/contracts/proposals";
import { acceptanceAgreementText, SIGNING_CONSENT_TEXT } from "@ch/contracts/signing-texts";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { CheckField, SigningCodeField } from "../../components/signing-fields";
import { buttonClass, FormMessage, TextField } from "../../components/ui";
import { focusFirstInvalid, formErrors, useFormFields } from "../../lib/form-errors";
import { trpcClient } from "../../lib/trpc";
import { type AcceptAnswer, money, type PaymentMethod } from "./proposal-format";

/** The accept form's fields, by the names the API's reasons use. */
const ACCEPT_FIELDS = ["fullName", "agree", "consent", "code", "paymentMethod"] as const;

type CheckName = "agree" | "consent";

type OnDone = (answer: AcceptAnswer, paymentMethod: PaymentMethod) => void;

function useAcceptForm(token: string, p: PublicProposalDto, onDone: OnDone) {
  const { values, field, errors, setErrors, clear, edited } = useFormFields({ fullName: "", code: "" });
  const fullName = values.fullName;
  const [checks, setChecks] = useState({ agree: false, consent: false });
  const { agree, consent } = checks;
  /** The props of one of the two checkboxes, as `field` gives a text field's. */
  const check = (name: CheckName) => ({
    name,
    checked: checks[name],
    onChange: (checked: boolean) => {
      setChecks((now) => ({ ...now, [name]: checked }));
      edited(name);
    },
    error: errors.fields[name],
  });
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>("bank-transfer");
  const formRef = useRef<HTMLFormElement>(null);
  const accept = useMutation({
    mutationFn: () =>
      trpcClient.proposals.accept.mutate({
        token,
        fullName: fullName.trim(),
        agree: true,
        consent: true,
        code: values.code.trim(),
        version: p.version,
        paymentMethod,
      }),
    onSuccess: (answer) => onDone(answer, paymentMethod),
    onError: (error) => {
      setErrors(formErrors(error, ACCEPT_FIELDS, "We couldn't record your acceptance. Please try again."));
      focusFirstInvalid(formRef.current);
    },
  });
  const sendCode = useMutation({
    mutationFn: () => trpcClient.proposals.signingCode.mutate({ token }),
    onSuccess: (answer) => {
      setCodeSent(answer.message);
      edited("code");
    },
    onError: (error) => setErrors(formErrors(error, ACCEPT_FIELDS, "We couldn't send a code. Please try again.")),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields: Partial<Record<string, string>> = {};
    if (fullName.trim().length < 3) fields.fullName = "Please type your full name.";
    if (!agree) fields.agree = "Please confirm that you agree to the terms.";
    if (!consent) fields.consent = "Please consent to sign electronically.";
    if (!/^\d{6}$/.test(values.code.trim())) fields.code = "Please type the 6-digit code we e-mailed you.";
    if (Object.keys(fields).length > 0) {
      setErrors({ fields, message: null });
      focusFirstInvalid(formRef.current);
      return;
    }
    clear();
    accept.mutate();
  };
  return {
    field,
    check,
    codeSent,
    sendCode: () => sendCode.mutate(),
    sending: sendCode.isPending,
    paymentMethod,
    setPaymentMethod,
    errors,
    formRef,
    submit,
    pending: accept.isPending,
  };
}

function PaymentMethodChoice({ value, onChange }: { value: PaymentMethod; onChange: (method: PaymentMethod) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">How will you pay?</legend>
      <div className="mt-2 flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="payment-method"
            checked={value === "bank-transfer"}
            onChange={() => onChange("bank-transfer")}
          />
          Bank transfer
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="payment-method" checked={value === "usdt"} onChange={() => onChange("usdt")} />
          USDT (TRC20)
        </label>
      </div>
    </fieldset>
  );
}

function SigningCode({ form }: { form: ReturnType<typeof useAcceptForm> }) {
  return (
    <SigningCodeField
      field={form.field("code")}
      onSend={form.sendCode}
      sending={form.sending}
      sentMessage={form.codeSent}
    />
  );
}

export function AcceptForm({ token, p, onDone }: { token: string; p: PublicProposalDto; onDone: OnDone }) {
  const form = useAcceptForm(token, p, onDone);
  const { errors } = form;
  return (
    <form
      ref={form.formRef}
      onSubmit={form.submit}
      noValidate
      className="rounded-2xl border border-slate-200 p-6 shadow-sm"
      aria-labelledby="accept-title"
    >
      <h2 id="accept-title" className="text-xl font-semibold text-slate-900">
        Accept this proposal
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Accepting creates your order; the deposit of {money(p.depositCents)} is then due.
      </p>
      <div className="mt-4 grid gap-4">
        <TextField label="Your full name" required autoComplete="name" {...form.field("fullName")} />
        <PaymentMethodChoice value={form.paymentMethod} onChange={form.setPaymentMethod} />
        <CheckField {...form.check("agree")}>{acceptanceAgreementText(p.version, p.depositPercent)}</CheckField>
        <CheckField {...form.check("consent")}>{SIGNING_CONSENT_TEXT}</CheckField>
        <SigningCode form={form} />
        <button type="submit" className={buttonClass.primary} disabled={form.pending}>
          {form.pending ? "Accepting..." : "Accept Proposal"}
        </button>
        <FormMessage message={errors.message} />
      </div>
    </form>
  );
}
