import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../../test/graphql-stub.ts";
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

const kitchen = { id: 3, type: "web", model_name: "Kitchen phone", signed_out_at: "2026-11-27T07:30:00.000Z" };

/** The Device card: a phone the student signed out of holds off other students, and staff may free it (decision 0511). */
describe("DeviceCard", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a signed-out phone's wait and offers its release to staff with reset_token", () => {
    renderUi(
      <DeviceCard
        student={student({
          signed_out_device: kitchen,
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

  it("after a token reset shows the new phone and the old one in its wait, and releases only the one chosen", async () => {
    const calls = stubGraphql({ studentDetailReleaseDevice: () => ({ releaseDevice: { id: 7 } }) });
    renderUi(
      <DeviceCard
        student={student({
          device: {
            id: 9,
            type: "web",
            os_version: null,
            app_version: null,
            model_name: "New phone",
            location_permission: true,
            bluetooth_permission: false,
            created_at: "2026-11-27T08:00:00.000Z",
            updated_at: "2026-11-27T08:00:00.000Z",
          },
          signed_out_device: kitchen,
        })}
        timeZone="UTC"
        canRelease
      />,
    );
    expect(screen.getByText("New phone")).toBeTruthy();
    expect(screen.getByText(/Signed out of Kitchen phone/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Release device" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Release signed-out phone" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes" }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        operation: "studentDetailReleaseDevice",
        variables: { student_id: 7, device_id: 3 },
      }),
    );
  });
});
