import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { Spinner } from "./Spinner.tsx";

test("the spinner is announced by its label through a status region, never by an aria-label on a span", () => {
  const { container } = render(
    <MantineProvider>
      <Spinner label="Loading the course" />
    </MantineProvider>,
  );
  expect(screen.getByRole("status").textContent).toBe("Loading the course");
  expect(container.querySelector("[aria-label]")).toBeNull();
});
