// A list's two dialogs: the form that adds or edits an item, and the question before one is deleted.
import { useState } from "react";

export type EditDialogs<T> = ReturnType<typeof useEditDialogs<T>>;

export function useEditDialogs<T>() {
  /** The item in the form; null while adding a new one. */
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  /** The item asked about before deleting it. */
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    editing,
    formOpen,
    deleting,
    add: () => {
      setEditing(null);
      setFormOpen(true);
    },
    edit: (item: T) => {
      setEditing(item);
      setFormOpen(true);
    },
    closeForm: () => setFormOpen(false),
    askDelete: (item: T) => setDeleting(item),
    closeDelete: () => setDeleting(null),
  };
}
