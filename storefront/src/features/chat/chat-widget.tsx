// The floating chat button; the panel's code loads on first open. On a phone it steps aside while a
// form field outside the chat has focus, so it never covers what is being typed or the button below it.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { ChatIcon, CloseIcon } from "../../components/icons";

const ChatPanel = lazy(() => import("./chat-panel"));

export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const isField = (target: EventTarget | null) =>
      target instanceof HTMLElement && target.matches("input, textarea, select") && !target.closest("#chat-panel");
    const onFocusIn = (event: FocusEvent) => setTyping(isField(event.target));
    const onFocusOut = () => setTyping(false);
    // a field focused before the page came alive counts too
    setTyping(isField(document.activeElement));
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("focusout", onFocusOut);
    };
  }, []);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      {loaded ? (
        <Suspense fallback={null}>
          <ChatPanel open={open} onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={button}
        type="button"
        aria-label={open ? "Close chat" : "Open chat"}
        aria-expanded={open}
        aria-controls={loaded ? "chat-panel" : undefined}
        onClick={() => {
          setLoaded(true);
          setOpen((o) => !o);
        }}
        className={`fixed right-4 bottom-4 z-50 ${typing && !open ? "max-sm:hidden" : ""} grid h-14 w-14 place-items-center rounded-full bg-amber-500 text-slate-950 shadow-xl transition-transform hover:scale-105 hover:bg-amber-400 sm:right-6 sm:bottom-6`}
      >
        {open ? <CloseIcon className="h-6 w-6" /> : <ChatIcon className="h-6 w-6" />}
      </button>
    </>
  );
}
