import { z } from "zod";
import { text } from "./fields";

export const visitInput = z.strictObject({
  path: text(500).pipe(z.string().regex(/^\//, "must start with /")),
  referrer: z
    .union([text(1000), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type VisitInput = z.input<typeof visitInput>;
