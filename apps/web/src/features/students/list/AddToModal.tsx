import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { FormModal } from "../../../ui/form/FormModal.tsx";
import { participants } from "./bulk.ts";
import type { Relation } from "./filters.ts";
import type { PickOption } from "./options.ts";
import { RELATION_LABEL, RelationPicker, withArticle } from "./RelationPicker.tsx";

/** Picks the course, team or event the selected students go to; the caller then confirms and calls. */
export function AddToModal({
  kind,
  count,
  onPick,
  onClose,
}: {
  kind: Relation | null;
  count: number;
  onPick: (kind: Relation, option: PickOption) => void;
  onClose: () => void;
}) {
  const [picked, setPicked] = useState<PickOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPicked(null);
    setError(null);
    onClose();
  };
  return (
    <FormModal
      opened={kind !== null}
      onClose={close}
      title={kind ? `Add to ${withArticle(kind)}` : ""}
      unsaved={kind && picked ? `the ${kind} picked` : null}
    >
      {kind && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!picked) return setError(`${RELATION_LABEL[kind]} is required`);
            if (picked.id === null) return setError(`Pick ${withArticle(kind)} from the list`);
            const option = picked;
            setPicked(null);
            setError(null);
            onPick(kind, option);
          }}
        >
          <Stack gap="sm">
            <Text size="sm">Add {participants(count)} to:</Text>
            <RelationPicker
              kind={kind}
              value={picked?.value ?? null}
              required
              error={error}
              onChange={(o) => {
                setPicked(o);
                setError(null);
              }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit">Add</Button>
            </Group>
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
