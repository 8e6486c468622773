// The form of a page an e-mailed link opens (accept an invitation, reset a password): the link's token, the
// form (a refused link is said next to the password) and the request that uses the link; once it is done,
// a toast says so and the page goes to sign-in.
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { DefaultValues, FieldValues } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";
import { useApiForm } from "../../components/form";
import { type Toast, useFailureToast, useToast } from "../../lib/toast";
import { tokenFromHash } from "./link-token";

export function useLinkForm<V extends FieldValues, A>({
  schema,
  defaultValues,
  send,
  done,
  failed,
}: {
  schema: $ZodType<unknown, FieldValues>;
  defaultValues: DefaultValues<V>;
  /** The request, with the link's token. */
  send: (token: string, values: V) => Promise<A>;
  /** The toast once it is done. */
  done: (answer: A) => Toast;
  /** The toast's title when it is refused. */
  failed: string;
}) {
  const toast = useToast();
  const failure = useFailureToast();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const form = useApiForm<V>({
    schema,
    defaultValues,
    toField: (path) => (path === "token" ? "password" : path),
    toasted: true,
  });
  const request = useMutation({
    mutationFn: (values: V) => send(token, values),
    onSuccess: (answer) => {
      toast(done(answer));
      void navigate({ to: "/admin/login" });
    },
    onError: failure(failed),
  });
  return { token, form, pending: request.isPending, submit: form.submit((values) => request.mutateAsync(values)) };
}
