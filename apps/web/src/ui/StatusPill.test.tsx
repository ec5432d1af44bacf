import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatusPill } from "./StatusPill.tsx";

describe("StatusPill", () => {
  it("writes the status in words with its colour as data", () => {
    render(<StatusPill status={5} />);
    const pill = screen.getByText("Left early");
    expect(pill.dataset.colour).toBe("orange");
    expect(pill.dataset.status).toBe("5");
  });
});
