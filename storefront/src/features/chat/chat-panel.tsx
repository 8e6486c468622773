// The chat panel (spec section 2 and 5): welcome message, quick buttons, typing indicator,
// a reply after 1-3 s, Enter sends; some messages are also forwarded to the team on Telegram.
// The answers are automatic (keyword matching on the server over the live catalog, settings and
// prices: POST /api/chat/reply) and labelled so; a person answers what is sent to the team.
import { useId } from "react";
import { ChatComposer, ChatTitleBar, MessageLog } from "./chat-parts";
import { useChat } from "./use-chat";

export default function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const chat = useChat(open, onClose);
  const inputId = useId();
  const titleId = useId();

  return (
    <section
      id="chat-panel"
      aria-labelledby={titleId}
      hidden={!open}
      className="fixed inset-x-2 bottom-24 z-50 flex h-[500px] max-h-[calc(100dvh-7rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl sm:inset-x-auto sm:right-6 sm:w-[384px]"
    >
      <ChatTitleBar titleId={titleId} onClose={onClose} />
      <MessageLog chat={chat} />
      <ChatComposer chat={chat} inputId={inputId} />
    </section>
  );
}
