// The chat panel (spec section 2 and 5): welcome message, quick buttons, typing indicator,
// a reply after 1-3 s, Enter sends; some messages are also forwarded to the team on Telegram.
// The answers are automatic (keyword matching on the server over the live catalog, settings and
// prices: POST /api/chat/reply) and labelled so; a person answers what is sent to the team.
import type { ChatForwardInput, ChatReplyAnswer, ChatReplyInput } from "@ch/api/contracts/chat";
import { useRouterState } from "@tanstack/react-router";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ChatIcon, CloseIcon, SendIcon } from "../../components/icons";
import { postJson } from "../../lib/api";
import { useSiteConfig } from "../../lib/site-config";
import { forwardNote, replyText, UNAVAILABLE_REPLY } from "./bot-reply";
import { forwardPayload, shouldForward } from "./forwarding";

interface ChatMessage {
  id: string;
  text: string;
  sender: "user" | "bot";
  timestamp: Date;
  /** The visitor's question this answer could not settle: the panel offers to send it to the team. */
  offer?: string;
}

const welcome = (company: string) =>
  `Hi! I give automatic answers about ${company}: models, prices, delivery, hours and rental returns, from our current catalog and business details. I'm not a person: for anything else, I can send your question to our team.`;

const QUICK = [
  { label: "Product Info", message: "Tell me about your container home pricing" },
  { label: "Specifications", message: "What are the standard specifications?" },
  { label: "Contact Info", message: "How can I contact you?" },
  { label: "Schedule Call", message: "I'd like to schedule a call" },
];

/** The bot "types" for 1 to 3 seconds. */
const replyDelay = (): number => 1000 + Math.random() * 2000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sequence = 0;
const message = (text: string, sender: ChatMessage["sender"], offer?: string): ChatMessage => ({
  id: `${Date.now()}-${sequence++}`,
  text,
  sender,
  timestamp: new Date(),
  ...(offer ? { offer } : {}),
});

/** Sends a message to the team (the visitor's user agent and page go with it). */
const forward = (text: string, pathname: string) => {
  const body: ChatForwardInput = forwardPayload(text, pathname, navigator.userAgent);
  return postJson("/api/telegram/chat", body);
};

export default function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const config = useSiteConfig();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    message(welcome(config?.company.name ?? "Container Homes of Texas"), "bot"),
  ]);
  const [input, setInput] = useState("");
  const [waiting, setWaiting] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const titleId = useId();
  const mounted = useRef(true);

  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the list or the indicator changes
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages, waiting, open]);
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  const send = (raw: string) => {
    const text = raw.trim();
    if (!text || waiting) return;
    setMessages((m) => [...m, message(text, "user")]);
    setInput("");
    setWaiting(true);
    const forwarded = shouldForward(text);
    if (forwarded) {
      forward(text, pathname).catch((error: unknown) => {
        // forwarding failures are silent for the visitor (spec section 8)
        console.info("Chat message could not be forwarded", error);
      });
    }
    const body: ChatReplyInput = { message: text.slice(0, 2000) };
    const asked = postJson<ChatReplyAnswer>("/api/chat/reply", body).catch((error: unknown) => {
      console.info("Chat answer could not be fetched", error);
      return null;
    });
    void Promise.all([asked, wait(replyDelay())]).then(([answer]) => {
      if (!mounted.current) return;
      const telegram = config?.telegramForwarding ?? false;
      const shown = replyText(answer?.text ?? UNAVAILABLE_REPLY, { forwarded, telegram });
      const offer = !forwarded && (answer?.forwardOffer ?? true) ? text : undefined;
      setMessages((m) => [...m, message(shown, "bot", offer)]);
      setWaiting(false);
      setTimeout(() => inputRef.current?.focus(), 0);
    });
  };

  /** The visitor accepted the offer: the question goes to the team, and the offer is used up. */
  const sendToTeam = (id: string, text: string) => {
    setMessages((m) => m.map((x) => (x.id === id ? { ...x, offer: undefined } : x)));
    forward(text, pathname)
      .then(() => forwardNote(config?.telegramForwarding ?? false))
      .catch((error: unknown) => {
        console.info("Chat message could not be forwarded", error);
        return `Your message could not be sent right now. ${config ? `Please call us at ${config.company.phone} or e-mail ${config.company.email}.` : "Please use our Contact page."}`;
      })
      .then((note) => {
        if (mounted.current) setMessages((m) => [...m, message(note, "bot")]);
      });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      send(input);
    }
  };

  return (
    <section
      id="chat-panel"
      aria-labelledby={titleId}
      hidden={!open}
      className="fixed inset-x-2 bottom-24 z-50 flex h-[500px] max-h-[calc(100dvh-7rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl sm:inset-x-auto sm:right-6 sm:w-[384px]"
    >
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
      <div
        ref={list}
        className="flex-1 space-y-3 overflow-y-auto bg-slate-50 p-4"
        role="log"
        aria-live="polite"
        aria-label="Chat messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard
        tabIndex={0}
      >
        {messages.map((m) => (
          <div key={m.id} className={`flex flex-col ${m.sender === "user" ? "items-end" : "items-start"}`}>
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
        ))}
        {waiting ? (
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
        ) : null}
      </div>
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
            ref={inputRef}
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
    </section>
  );
}
