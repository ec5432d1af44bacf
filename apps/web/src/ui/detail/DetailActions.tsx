import { Badge, Button } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";
import { type Me, useMe, useRefreshMe } from "../../lib/me.ts";
import type { ConfirmOptions } from "../confirm.tsx";
import { notify } from "../notify.tsx";
import { confirmThen } from "./confirm-then.ts";

/**
 * The actions of a course, event or team page, one pattern for all: each asks first, runs,
 * tells, then refreshes the page; the button of the one running shows it is busy.
 */
export function useDetailActions(refresh: () => Promise<unknown>) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, work: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };
  const act = (key: string, question: ConfirmOptions, call: () => Promise<unknown>, done: string) =>
    run(key, async () => {
      if (await confirmThen(question, call, done)) await refresh();
    });
  return { busy, run, act };
}

export type DetailActions = ReturnType<typeof useDetailActions>;

type Kind = "course" | "event" | "team";

/** Remove (soft, confirmed as dangerous) or, once removed, Restore. */
export function RemoveRestoreButton(props: {
  actions: DetailActions;
  kind: Kind;
  name: string;
  removed: boolean;
  /** what removing keeps and undoes, after "Remove <name>?" */
  removeNote: string;
  remove: () => Promise<unknown>;
  restore: () => Promise<unknown>;
}) {
  const { actions, kind, name } = props;
  const title = (verb: string) => `${verb} ${kind}`;
  return props.removed ? (
    <Button
      variant="light"
      loading={actions.busy === "restore"}
      onClick={() =>
        void actions.act(
          "restore",
          { title: title("Restore"), message: `Restore ${name}?` },
          props.restore,
          `${name} was restored.`,
        )
      }
    >
      Restore
    </Button>
  ) : (
    <Button
      variant="light"
      color="red"
      loading={actions.busy === "remove"}
      onClick={() =>
        void actions.act(
          "remove",
          { title: title("Remove"), message: `Remove ${name}? ${props.removeNote}`, danger: true },
          props.remove,
          `${name} was removed.`,
        )
      }
    >
      Remove
    </Button>
  );
}

const hasTile = (me: Me, kind: Kind, id: number) =>
  me.tiles.some((t) => t.tileable_type === kind && t.tileable_id === id);

const AddTileDocument = graphql(`
  mutation detailAddToDashboard($id: Int!, $type: String!) {
    addToDashboard(id: $id, type: $type) {
      id
    }
  }
`);

/** "Add to dashboard": a tile of this page on the viewer's dashboard, once. */
export function AddTileButton(props: { actions: DetailActions; kind: Kind; id: number; name: string }) {
  const me = useMe();
  const refreshMe = useRefreshMe();
  if (hasTile(me, props.kind, props.id))
    return (
      <Button variant="default" disabled>
        On your dashboard
      </Button>
    );
  const add = () =>
    props.actions.run("tile", async () => {
      try {
        await execute(AddTileDocument, { id: props.id, type: props.kind });
        await refreshMe();
        notify.success(`${props.name} is on your dashboard.`);
      } catch (err) {
        notify.error(err instanceof Error ? err.message : "The tile was not added.");
      }
    });
  return (
    <Button variant="default" loading={props.actions.busy === "tile"} onClick={() => void add()}>
      Add to dashboard
    </Button>
  );
}

/** A state of the page in its header ("Removed", "In session"): dark text on a light colour (AA). */
export function HeaderBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge color={color} variant="light" c="gray.9" tt="none" size="lg">
      {children}
    </Badge>
  );
}
