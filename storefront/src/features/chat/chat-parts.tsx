// The chat panel's parts: its title bar, the message log and the composer (quick buttons, draft, send).
import type { KeyboardEvent } from "react";
import { ChatIcon, CloseIcon, SendIcon } from "../../components/icons";
import type { Chat, ChatMessage } from "./use-chat";

const QUICK = [
  { label: "Product Info", message: "Tell me about your container home pricing" },
  { label: "Specifications", message: "What are the standard specifications?" },
  { label: "Contact Info", message: "How can I contact you?" },
  { label: "Schedule Call", message: "I'd like to schedule a call" },
];

export function ChatTitleBar({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  return (
    <div className="flex items-center justify-between bg-slate-900 px-4 py-3 text-white">
      <div className="flex items-center gap-3">
        <span className="grid h-9 w-9 place-items-center rounded-full bg-amber-500 text-slate-950" aria-hidden="true">
          <ChatIcon className="h-5 w-5" />
        </span>
        <div>
          <h2 id={titleId} className="font-semibold">
            Quick answers
          </h2>
          <p className="text-xs text-slate-300">Automatic, from our current catalog</p>
        </div>
      </div>
      <button type="button" onClick={onClose} aria-label="Close chat" className="rounded-md p-1.5 hover:bg-slate-800">
        <CloseIcon />
      </button>
    </div>
  );
}

function MessageBubble({ m, sendToTeam }: { m: ChatMessage; sendToTeam: Chat["sendToTeam"] }) {
  return (
    <div className={`flex flex-col ${m.sender === "user" ? "items-end" : "items-start"}`}>
      <p
        data-testid={m.sender === "bot" ? "bot-message" : "user-message"}
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm whitespace-pre-line ${
          m.sender === "user"
            ? "rounded-br-sm bg-amber-500 text-slate-950"
            : "rounded-bl-sm border border-slate-200 bg-white text-slate-800"
        }`}
      >
        <span className="sr-only">{m.sender === "user" ? "You: " : "Automatic answer: "}</span>
        {m.text}
      </p>
      {m.offer ? (
        <button
          type="button"
          onClick={() => sendToTeam(m.id, m.offer!)}
          className="mt-1.5 rounded-full border border-amber-600 bg-white px-3 py-1 text-xs font-semibold text-amber-800 hover:bg-amber-50"
        >
          Send my question to a person
        </button>
      ) : null}
    </div>
  );
}

function TypingIndicator() {
  return (
    <div className="flex justify-start" data-testid="typing-indicator">
      <span className="sr-only">Looking up an answer</span>
      <span
        className="flex gap-1 rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-3.5 py-3"
        aria-hidden="true"
      >
        <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400" />
        <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400 [animation-delay:150ms]" />
        <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400 [animation-delay:300ms]" />
      </span>
    </div>
  );
}

export function MessageLog({ chat }: { chat: Chat }) {
  return (
    <div
      ref={chat.list}
      className="flex-1 space-y-3 overflow-y-auto bg-slate-50 p-4"
      role="log"
      aria-live="polite"
      aria-label="Chat messages"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard
      tabIndex={0}
    >
      {chat.messages.map((m) => (
        <MessageBubble key={m.id} m={m} sendToTeam={chat.sendToTeam} />
      ))}
      {chat.waiting ? <TypingIndicator /> : null}
    </div>
  );
}

export function ChatComposer({ chat, inputId }: { chat: Chat; inputId: string }) {
  const { input, setInput, waiting, send, config } = chat;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      send(input);
    }
  };
  return (
    <div className="border-t border-slate-200 bg-white p-3">
      <div className="mb-2 flex flex-wrap gap-1.5">
        {QUICK.map((q) => (
          <button
            key={q.label}
            type="button"
            disabled={waiting}
            onClick={() => send(q.message)}
            className="rounded-full border border-slate-300 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50"
          >
            {q.label}
          </button>
        ))}
      </div>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          send(input);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Type your message
        </label>
        <textarea
          id={inputId}
          ref={chat.inputRef}
          rows={1}
          value={input}
          disabled={waiting}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type your message..."
          className="max-h-24 min-h-10 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100"
        />
        <button
          type="submit"
          disabled={waiting || !input.trim()}
          aria-label="Send message"
          className="grid h-10 w-10 place-items-center rounded-lg bg-slate-900 text-white hover:bg-slate-700 disabled:opacity-50"
        >
          <SendIcon className="h-4 w-4" />
        </button>
      </form>
      <p className="mt-2 text-center text-xs text-slate-600">
        {config?.telegramForwarding
          ? "Automatic answers + our team on Telegram"
          : "Automatic answers + messages to our team"}
      </p>
    </div>
  );
}
