import { z } from "zod";

/** Request bodies of the REST auth calls, shared by the server and the web forms. */
export const email = z.string().trim().toLowerCase().email("must be a valid e-mail address").max(254);
export const password = z.string().min(8, "must be at least 8 characters").max(200, "must be at most 200 characters");

export const loginInput = z.object({
  email,
  password: z.string().min(1, "is required").max(200),
});

export const forgotInput = z.object({ email });

export const resetInput = z
  .object({
    token: z.string().uuid("must be a valid reset link"),
    password,
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "must match the password",
  });

export const checkInvitationInput = z.object({ token: z.string().uuid("must be a valid invitation link") });

export const registerInput = z
  .object({
    token: z.string().uuid("must be a valid invitation link"),
    first_name: z.string().trim().min(1, "is required").max(100),
    last_name: z.string().trim().min(1, "is required").max(100),
    password,
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "must match the password",
  });

/** zod issues as `{ field: [messages] }`, the error shape of every REST answer. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    const msg = issue.code === "invalid_type" && issue.input === undefined ? "is required" : issue.message;
    const list = out[key] ?? [];
    list.push(msg);
    out[key] = list;
  }
  return out;
}
