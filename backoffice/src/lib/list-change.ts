// A list screen's changes (the owner's staff, webhooks, API keys): each mutation says what it did in a toast
// and reads the list again; a refusal is toasted under its title, with the server's words.
import { type Toast, useFailureToast, useToast } from "./toast";

/**
 * The callbacks of a list's mutations, after which `refresh` reads the list again: `done` is what the change
 * did (its toast, or nothing to say), `failed` the refusal's title; `fallback` the refusal's words when the
 * server says none.
 */
export function useListChange(refresh: () => unknown, fallback?: string) {
  const toast = useToast();
  const failure = useFailureToast();
  return <A, I>(done: (answer: A, input: I) => Toast | undefined, failed: string) => ({
    onSuccess: (answer: A, input: I) => {
      const said = done(answer, input);
      if (said) toast(said);
      void refresh();
    },
    onError: failure(failed, fallback),
  });
}
