/**
 * Reads QR codes from the phone's camera: frames of the video are drawn on a canvas and decoded
 * by jsQR (loaded only when the camera starts, to keep the app itself small).
 */

const SCAN_EVERY_MS = 150;
const MAX_WIDTH = 640;

export interface QrScanner {
  stop(): void;
}

export type CameraProblem = "denied" | "missing" | "unsupported" | "failed";

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    // without the camera, no code can be typed (the organiser's screen shows the QR code alone):
    // the phone's offline code is the way in
    super(
      problem === "denied"
        ? "Camera access is blocked. Allow the camera for this site, or show your offline code to a staff member."
        : problem === "missing"
          ? "No camera was found. Show your offline code to a staff member instead."
          : problem === "unsupported"
            ? "This browser cannot use the camera here. Show your offline code to a staff member instead."
            : "The camera could not start. Show your offline code to a staff member instead.",
    );
  }
}

/** Starts the camera into `video` and calls onCode once with the first QR code it sees. */
export async function startQrScanner(video: HTMLVideoElement, onCode: (text: string) => void): Promise<QrScanner> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError("unsupported");
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: "environment" } },
      audio: false,
    });
  } catch (err) {
    const name = (err as DOMException)?.name;
    throw new CameraError(
      name === "NotAllowedError" || name === "SecurityError"
        ? "denied"
        : name === "NotFoundError" || name === "OverconstrainedError"
          ? "missing"
          : "failed",
    );
  }
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play();
    const { default: jsQR } = await import("jsqr");
    const canvas = document.createElement("canvas");
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    if (!ctx) throw new CameraError("unsupported");
    const tick = () => {
      if (stopped) return;
      if (video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
        const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
        const found = jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
        if (found?.data) {
          stop();
          onCode(found.data);
          return;
        }
      }
      timer = setTimeout(tick, SCAN_EVERY_MS);
    };
    tick();
  } catch (err) {
    stop();
    throw err instanceof CameraError ? err : new CameraError("failed");
  }
  return { stop };
}
