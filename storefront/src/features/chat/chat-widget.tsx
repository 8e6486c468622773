// The floating chat button; the panel's code loads on first open.
import { lazy, Suspense, useRef, useState } from "react";
import { ChatIcon, CloseIcon } from "../../components/icons";

const ChatPanel = lazy(() => import("./chat-panel"));

export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
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
        className="fixed right-4 bottom-4 z-50 grid h-14 w-14 place-items-center rounded-full bg-amber-500 text-slate-950 shadow-xl transition-transform hover:scale-105 hover:bg-amber-400 sm:right-6 sm:bottom-6"
      >
        {open ? <CloseIcon className="h-6 w-6" /> : <ChatIcon className="h-6 w-6" />}
      </button>
    </>
  );
}
