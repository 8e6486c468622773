import type { Dispatch, SetStateAction } from "react";
import { WalletAddress } from "../../components/copy-button";
import type { SiteConfig } from "../../lib/site-config";
import type { Deposit } from "./use-checkout";
import type { CheckoutForm } from "./validation";
import { WalletQr } from "./wallet-qr";

const DUE_NOW_LATER = "The amount due now shows once you enter your delivery state and ZIP.";

const METHODS = [
  ["usdt", "USDT (TRC20)", "Pay with Tether on the TRON network"],
  ["bank-transfer", "Bank Transfer", "Wire or ACH from your bank"],
] as const;

function UsdtWallet({ address, deposit: { deposit, dueNow, balance } }: { address: string; deposit: Deposit }) {
  return (
    <div className="mt-4 flex flex-col gap-5 sm:flex-row">
      <WalletQr value={address} />
      <div className="min-w-0 flex-1 space-y-3">
        <div>
          <p className="text-sm text-slate-600">Wallet address</p>
          <WalletAddress address={address} testId="wallet-address" darkText toasts />
        </div>
        <div>
          <p className="text-sm text-slate-600">
            Amount due now
            {deposit && balance ? ` (${deposit.depositPercent}% deposit)` : ""}
          </p>
          {dueNow ? (
            <p className="text-2xl font-bold text-slate-900" data-testid="usdt-amount-due">
              {dueNow} USDT
            </p>
          ) : (
            <p className="text-sm text-slate-700">{DUE_NOW_LATER}</p>
          )}
          {balance ? <p className="text-sm text-slate-600">Balance of {balance} due on delivery</p> : null}
          <p className="mt-1 text-sm text-slate-600">
            Once you place the order you get the exact amount to send, to the last digit: it tells us which order your
            transfer pays, so we record it automatically.
          </p>
        </div>
      </div>
    </div>
  );
}

function UsdtDetails({ config, deposit }: { config: SiteConfig | undefined; deposit: Deposit }) {
  return (
    <div className="mt-6 rounded-xl bg-slate-50 p-5" data-testid="usdt-details">
      <h3 className="font-semibold text-slate-900">Send USDT on the TRC20 network</h3>
      {config && !config.usdtWalletAddress ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="usdt-unavailable">
          USDT payments are unavailable at the moment. Please choose bank transfer.
        </p>
      ) : null}
      {config?.usdtWalletAddress ? <UsdtWallet address={config.usdtWalletAddress} deposit={deposit} /> : null}
      <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
        <strong>Warning:</strong> send USDT on the TRC20 (TRON) network only. Sending on another network may result in
        the loss of your funds.
      </p>
    </div>
  );
}

function BankDetails({
  config,
  deposit: { deposit, dueNow, balance },
}: {
  config: SiteConfig | undefined;
  deposit: Deposit;
}) {
  return (
    <div className="mt-6 rounded-xl bg-slate-50 p-5" data-testid="bank-details">
      <h3 className="font-semibold text-slate-900">Bank transfer</h3>
      <p className="mt-2 text-sm text-slate-700">
        {config?.bankTransferReady === false
          ? "Once you place your order, we e-mail you our bank details; the confirmation page and your order e-mail give your payment reference."
          : "Once you place your order, the confirmation page and your order e-mail show our bank details and your payment reference."}{" "}
        {dueNow ? (
          <>
            The amount due now is <strong>{dueNow}</strong>
            {balance && deposit ? (
              <>
                {" "}
                ({deposit.depositPercent}% deposit); the balance of <strong>{balance}</strong> is due on delivery
              </>
            ) : null}
            .
          </>
        ) : (
          DUE_NOW_LATER
        )}
      </p>
    </div>
  );
}

export function PaymentMethodFieldset({
  form,
  setForm,
  config,
  deposit,
}: {
  form: CheckoutForm;
  setForm: Dispatch<SetStateAction<CheckoutForm>>;
  config: SiteConfig | undefined;
  deposit: Deposit;
}) {
  return (
    <fieldset className="rounded-2xl border border-slate-200 p-6 shadow-sm">
      <legend className="px-1 text-xl font-bold text-slate-900">Payment Method</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {METHODS.map(([value, label, hint]) => (
          <label
            key={value}
            className={`flex cursor-pointer gap-3 rounded-xl border-2 p-4 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-amber-600 ${
              form.paymentMethod === value ? "border-amber-500 bg-amber-50" : "border-slate-200"
            }`}
          >
            <input
              type="radio"
              name="paymentMethod"
              value={value}
              checked={form.paymentMethod === value}
              onChange={() => setForm((f) => ({ ...f, paymentMethod: value }))}
              className="mt-1 accent-amber-600"
            />
            <span>
              <span className="block font-semibold text-slate-900">{label}</span>
              <span className="block text-sm text-slate-600">{hint}</span>
            </span>
          </label>
        ))}
      </div>

      {form.paymentMethod === "usdt" ? (
        <UsdtDetails config={config} deposit={deposit} />
      ) : (
        <BankDetails config={config} deposit={deposit} />
      )}
      <p className="mt-4 text-sm text-slate-700" data-testid="payment-matching">
        {form.paymentMethod === "usdt"
          ? "A USDT transfer of the exact amount is recorded automatically once it confirms: there is nothing to send us."
          : "Include the payment reference with your transfer: we match it to your order and e-mail you when it is recorded."}
      </p>
    </fieldset>
  );
}
