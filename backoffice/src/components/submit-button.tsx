/** A form's submit button: it says what it does, and what it is doing while `pending`. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className = "btn-primary",
  full = false,
  disabled = false,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
  /** As wide as its form (a narrow card's form). */
  full?: boolean;
  /** Off for another reason than pending (nothing typed yet). */
  disabled?: boolean;
}) {
  return (
    <button type="submit" className={full ? `${className} w-full` : className} disabled={pending || disabled}>
      {pending ? pendingLabel : label}
    </button>
  );
}
