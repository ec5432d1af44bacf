import { Box, Center, Paper, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Logo } from "../../ui/Logo.tsx";

/** The frame of the guest pages: the logo over a card, the card being the page's main landmark. */
export function GuestLayout({ children }: { children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack w="100%" maw={420} gap="lg">
        <Box component="header">
          <Center>
            <Logo />
          </Center>
        </Box>
        <Paper component="main" id="main" tabIndex={-1} withBorder shadow="sm" radius="md" p={{ base: "md", xs: "xl" }}>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
