import { SEARCH_PAGE_SIZE, STATUSES } from "@rollbook/domain";
import { asc } from "drizzle-orm";
import { roles } from "../../db/schema/index.ts";
import { builder } from "../builder.ts";
import { pageOf } from "../paging.ts";
import { RoleRef, type RoleShape } from "./role.ts";

const StatusRef = builder.objectRef<{ id: number; name: string }>("Status").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

/** Unpaged lookups (spec: the parameter lists), answered as every list is: `{ data, total }`. */
builder.queryField("statuses", (t) =>
  t.field({
    type: pageOf("Status", StatusRef),
    authScopes: { signedIn: true },
    resolve: () => ({ data: [...STATUSES], total: STATUSES.length }),
  }),
);

builder.queryField("roles", (t) =>
  t.field({
    type: pageOf("Role", RoleRef),
    authScopes: { signedIn: true },
    resolve: async (_r, _a, { data }) => {
      const rows = await data.rows("roles", { orderBy: [asc(roles.id)] });
      const list = rows.map(
        (r): RoleShape => ({
          id: r.id,
          name: r.name,
          display_name: r.display_name,
          permissions: {
            override: r.override,
            reset_token: r.reset_token,
            create_participant: r.create_participant,
            assign_appointment: r.assign_appointment,
            create_appointment: r.create_appointment,
            view_information: r.view_information,
            access_reports: r.access_reports,
            cancellations: r.cancellations,
          },
        }),
      );
      return { data: list, total: list.length };
    },
  }),
);

/** What getParams reports instead of a hosted search service's application id. */
const SearchConfigRef = builder
  .objectRef<{ provider: string; endpoint: string; per_page: number; indexes: string[] }>("SearchConfig")
  .implement({
    fields: (t) => ({
      provider: t.exposeString("provider"),
      endpoint: t.exposeString("endpoint"),
      per_page: t.exposeInt("per_page"),
      indexes: t.exposeStringList("indexes"),
    }),
  });

builder.queryField("searchConfig", (t) =>
  t.field({
    type: SearchConfigRef,
    authScopes: { search: true },
    resolve: () => ({
      provider: "built-in",
      endpoint: "/graphql/query",
      per_page: SEARCH_PAGE_SIZE,
      indexes: ["students", "courses", "teams", "events"],
    }),
  }),
);
