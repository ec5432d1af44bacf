import { useEffect } from "react";
import { useNavigate } from "react-router";
import { logout } from "../lib/rest.ts";
import { endSession, getToken } from "../lib/session.ts";
import { PageLoader } from "./guards.tsx";

let signingOut: Promise<void> | null = null;

/** Revokes the token once, however often it is asked; the local session ends whatever the answer. */
function signOut(): Promise<void> {
  const token = getToken();
  if (!token) return Promise.resolve();
  signingOut ??= logout(token)
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      endSession("logout");
      signingOut = null;
    });
  return signingOut;
}

/** /Logout: revokes the token on the server, clears the session, then goes to /Login. */
export function Logout() {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    void signOut().then(() => {
      if (live) navigate("/Login", { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate]);
  return <PageLoader />;
}
