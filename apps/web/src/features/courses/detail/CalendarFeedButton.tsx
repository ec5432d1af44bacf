import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { MODAL_ATTRIBUTES } from "../../../ui/confirm.tsx";

/** "Calendar feed": the viewer's secret iCal URL of the course's sessions, with a copy button. */
export function CalendarFeedButton({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(false);
  const absolute = url.startsWith("http") ? url : `${window.location.origin}${url}`;
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Calendar feed
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Calendar feed"
        size="lg"
        closeButtonProps={{ "aria-label": "Close" }}
        attributes={MODAL_ATTRIBUTES}
      >
        <Stack gap="sm">
          <Text size="sm">
            Subscribe to this address in a calendar app to see the sessions of {title}, with cancellations and closures.
            It is yours alone: keep it private.
          </Text>
          <TextInput label="Feed address" value={absolute} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Group justify="flex-end" gap="sm">
            <CopyButton value={absolute}>
              {({ copied, copy }) => (
                <>
                  <span role="status" className="sr-only">
                    {copied ? "The address was copied." : ""}
                  </span>
                  <Button onClick={copy} color={copied ? "teal.8" : undefined}>
                    {copied ? "Copied" : "Copy address"}
                  </Button>
                </>
              )}
            </CopyButton>
            <Button variant="default" onClick={() => setOpen(false)}>
              Close
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
