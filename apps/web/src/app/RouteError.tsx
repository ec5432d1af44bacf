import { Alert, Button, Center, Stack, Title } from "@mantine/core";
import { useRouteError } from "react-router";
import { ChunkLoadError } from "./lazy-page.ts";

/** Shown instead of a page that failed: a chunk that did not load, or an unexpected error. */
export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError;
  return (
    <Center component="main" id="main" mih="60vh" p="md">
      <Stack maw={480} gap="md">
        <Title order={1}>{chunk ? "This page could not be loaded" : "Something went wrong"}</Title>
        <Alert color="red" variant="light" title={chunk ? "Loading failed" : "Unexpected error"}>
          {chunk
            ? "A part of Rollbook could not be loaded. Check the connection, then reload the page."
            : "Rollbook hit an unexpected error on this page. Reload the page to try again."}
        </Alert>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
