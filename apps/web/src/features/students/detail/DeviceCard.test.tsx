import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../../../test/render.tsx";
import { DeviceCard } from "./HeaderCards.tsx";
import type { StudentDetail } from "./types.ts";

const student = (patch: Partial<StudentDetail>) =>
  ({
    id: 7,
    uuid: "7e1c0c1e-0000-4000-8000-000000000007",
    first_name: "Maya",
    last_seen: null,
    device: null,
    signed_out_device: null,
    ...patch,
  }) as StudentDetail;

/** The Device card: a phone the student signed out of holds off other students, and staff may free it (decision 0511). */
describe("DeviceCard", () => {
  it("shows a signed-out phone's wait and offers its release to staff with reset_token", () => {
    renderUi(
      <DeviceCard
        student={student({
          signed_out_device: {
            id: 3,
            type: "web",
            model_name: "Kitchen phone",
            signed_out_at: "2026-11-27T07:30:00.000Z",
          },
        })}
        timeZone="UTC"
        canRelease
      />,
    );
    expect(screen.getByText("No device registered.")).toBeTruthy();
    const wait = screen.getByText(/Signed out of Kitchen phone/);
    expect(wait.textContent).toMatch(/7:30.AM.*signs in no other student until .*5:30.PM/s);
    expect(screen.getByRole("button", { name: "Release device" })).toBeTruthy();
  });

  it("offers nothing to release without a phone, or without reset_token", () => {
    const { unmount } = renderUi(<DeviceCard student={student({})} timeZone="UTC" canRelease />);
    expect(screen.queryByRole("button", { name: "Release device" })).toBeNull();
    expect(screen.queryByText(/Signed out of/)).toBeNull();
    unmount();
    renderUi(
      <DeviceCard
        student={student({
          signed_out_device: { id: 3, type: "web", model_name: null, signed_out_at: "2026-11-27T07:30:00.000Z" },
        })}
        timeZone="UTC"
        canRelease={false}
      />,
    );
    expect(screen.getByText(/Signed out of a phone/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Release device" })).toBeNull();
  });
});
