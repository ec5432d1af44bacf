import { SEARCH_PAGE_SIZE } from "@rollbook/domain";
import {
  courseDays,
  EMPTY_RESULTS,
  type SearchCourseRow,
  type SearchEventRow,
  type SearchResults,
  type SearchStudentRow,
  type SearchTeamRow,
  searchAll,
} from "../../search/search.ts";
import { builder, userError } from "../builder.ts";
import { CLOCK_DESCRIPTION, clock } from "../clock.ts";
import { searchTerm } from "../paging.ts";

/** The most hits of one kind a search answers (per_page 1..25). */
export const MAX_SEARCH_PAGE_SIZE = 25;

const SearchStudentRef = builder.objectRef<SearchStudentRow>("SearchStudent").implement({
  fields: (t) => ({
    uuid: t.exposeString("uuid"),
    firstName: t.string({ resolve: (s) => s.first_name }),
    lastName: t.string({ resolve: (s) => s.last_name }),
    email: t.string({ nullable: true, resolve: (s) => s.email }),
  }),
});

const SearchCourseRef = builder.objectRef<SearchCourseRow>("SearchCourse").implement({
  fields: (t) => ({
    uuid: t.exposeString("uuid"),
    title: t.exposeString("title"),
    startTime: t.string({ description: CLOCK_DESCRIPTION, resolve: (c) => clock(c.start_time) }),
    endTime: t.string({ description: CLOCK_DESCRIPTION, resolve: (c) => clock(c.end_time) }),
    days: t.string({
      description: 'The days it meets, Sunday first: "M W F" (Su M Tu W Th F Sa)',
      resolve: courseDays,
    }),
  }),
});

const SearchTeamRef = builder.objectRef<SearchTeamRow>("SearchTeam").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    uuid: t.exposeString("uuid"),
    name: t.exposeString("name"),
  }),
});

const SearchEventRef = builder.objectRef<SearchEventRow>("SearchEvent").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    uuid: t.exposeString("uuid"),
    title: t.exposeString("title"),
    date: t.exposeString("date"),
  }),
});

const SearchResultsRef = builder.objectRef<SearchResults>("SearchResults").implement({
  fields: (t) => ({
    students: t.field({ type: [SearchStudentRef], resolve: (r) => r.students }),
    courses: t.field({ type: [SearchCourseRef], resolve: (r) => r.courses }),
    teams: t.field({ type: [SearchTeamRef], resolve: (r) => r.teams }),
    events: t.field({ type: [SearchEventRef], resolve: (r) => r.events }),
  }),
});

builder.queryField("search", (t) =>
  t.field({
    type: SearchResultsRef,
    description:
      "Header search: participants (first name, last name, e-mail), classes (title, a start time, days), teams (name) and events (title) the viewer may see; per_page of each kind (default 5, 1 to 25). The search token may call it.",
    authScopes: { search: true },
    args: {
      query: t.arg.string({ required: true }),
      per_page: t.arg.int({ required: false }),
    },
    resolve: async (_r, args, ctx) => {
      const perPage = args.per_page ?? SEARCH_PAGE_SIZE;
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_SEARCH_PAGE_SIZE)
        throw userError(`per_page must be between 1 and ${MAX_SEARCH_PAGE_SIZE}`, "per_page");
      const term = searchTerm(args.query);
      if (!term) return EMPTY_RESULTS;
      return searchAll(ctx.data, term, perPage);
    },
  }),
);
