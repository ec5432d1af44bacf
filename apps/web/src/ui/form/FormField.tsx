import { Loader, PasswordInput, TextInput } from "@mantine/core";
import type { FieldState } from "./useField.ts";

export interface FormFieldProps {
  field: FieldState<string>;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  required?: boolean;
  description?: string;
  /** Shown under the field once its rules pass. */
  successText?: string;
  disabled?: boolean;
}

/**
 * A labelled text input bound to a useField state. The state shows as: none (plain),
 * validating (a spinner and "Checking…"), error (red, aria-invalid, the first failing message)
 * and success (green); `data-state` carries it for tests and styles.
 */
export function FormField({
  field,
  label,
  type = "text",
  autoComplete,
  required,
  description,
  successText,
  disabled,
}: FormFieldProps) {
  const validating = field.status === "validating";
  const common = {
    ref: field.inputRef,
    label,
    value: field.value,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => field.setValue(e.currentTarget.value),
    onBlur: field.onBlur,
    error: field.status === "error" ? field.error : undefined,
    success: field.status === "success" ? (successText ?? true) : undefined,
    description: validating ? "Checking…" : description,
    required,
    // no asterisk inside the label: the label text stays exactly the field's name
    withAsterisk: false,
    disabled,
    autoComplete,
    wrapperProps: { "data-state": field.status },
  };
  if (type === "password") return <PasswordInput {...common} />;
  return (
    <TextInput
      {...common}
      type={type}
      rightSection={validating ? <Loader size="xs" aria-hidden /> : undefined}
      aria-busy={validating || undefined}
    />
  );
}
