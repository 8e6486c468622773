// The chat's conversation: the messages, the visitor's draft, sending (an automatic answer after 1-3 s,
// some messages also forwarded to the team) and the panel's focus, scroll and Escape.
import type { ChatForwardInput, ChatReplyInput } from "@ch/contracts/chat";
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useSiteConfig } from "../../lib/site-config";
import { trpcClient } from "../../lib/trpc";
import { forwardNote, replyText, UNAVAILABLE_REPLY } from "./bot-reply";
import { forwardPayload, shouldForward } from "./forwarding";

export interface ChatMessage {
  id: string;
  text: string;
  sender: "user" | "bot";
  timestamp: Date;
  /** The visitor's question this answer could not settle: the panel offers to send it to the team. */
  offer?: string;
}

const welcome = (company: string) =>
  `Hi! I give automatic answers about ${company}: models, prices, delivery, hours and rental returns, from our current catalog and business details. I'm not a person: for anything else, I can send your question to our team.`;

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
  return trpcClient.chat.forward.mutate(body);
};

/** Forwards the message when it should go to the team, and asks the server for the automatic answer. */
function ask(text: string, pathname: string) {
  const forwarded = shouldForward(text);
  if (forwarded) {
    forward(text, pathname).catch((error: unknown) => {
      // forwarding failures are silent for the visitor (spec section 8)
      console.info("Chat message could not be forwarded", error);
    });
  }
  const body: ChatReplyInput = { message: text.slice(0, 2000) };
  const asked = trpcClient.chat.reply.mutate(body).catch((error: unknown) => {
    console.info("Chat answer could not be fetched", error);
    return null;
  });
  return { forwarded, answer: Promise.all([asked, wait(replyDelay())]).then(([answer]) => answer) };
}

/** The panel's focus, scroll and Escape; `mounted` tells a late answer the panel is gone. */
function usePanelEffects(open: boolean, onClose: () => void, messages: ChatMessage[], waiting: boolean) {
  const list = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
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
  return { list, inputRef, mounted };
}

export function useChat(open: boolean, onClose: () => void) {
  const config = useSiteConfig();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    message(welcome(config?.company.name ?? "Container Homes of Texas"), "bot"),
  ]);
  const [input, setInput] = useState("");
  const [waiting, setWaiting] = useState(false);
  const { list, inputRef, mounted } = usePanelEffects(open, onClose, messages, waiting);

  const send = (raw: string) => {
    const text = raw.trim();
    if (!text || waiting) return;
    setMessages((m) => [...m, message(text, "user")]);
    setInput("");
    setWaiting(true);
    const { forwarded, answer: asked } = ask(text, pathname);
    void asked.then((answer) => {
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

  return { config, messages, input, setInput, waiting, list, inputRef, send, sendToTeam };
}

export type Chat = ReturnType<typeof useChat>;
