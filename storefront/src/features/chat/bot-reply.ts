// What the chat panel adds to the server's automatic answer (POST /api/chat/reply, computed from the live
// catalog, settings and prices in api/src/modules/chat/chat-answers.ts): the note that a message went to
// the team, and the fallback when the answer cannot be fetched. No figures here. Pure: unit-tested.

export const FORWARDED_NOTE =
  "Your message has been forwarded to our team via Telegram. We'll get back to you quickly with a personalized response!";

/** When Telegram is not set up the message still reaches the team's inbox, but nobody is alerted at once. */
export const SAVED_NOTE =
  "Your message has been saved for our team. We can't reply in this chat, so please include your phone number or e-mail, or call us.";

/** The server could not be asked: no answer is made up in its place. */
export const UNAVAILABLE_REPLY =
  "Sorry, I can't look that up right now. You can send your question to our team and a person will answer.";

/** The note for a message passed to the team: "via Telegram" only when the server says Telegram is configured. */
export const forwardNote = (telegram: boolean): string => (telegram ? FORWARDED_NOTE : SAVED_NOTE);

/** The answer as shown: with the forwarding note when the message was also sent to the team. */
export function replyText(answer: string, options: { forwarded?: boolean; telegram?: boolean } = {}): string {
  if (!options.forwarded) return answer;
  return `${answer}\n\n${forwardNote(options.telegram !== false)}`;
}
