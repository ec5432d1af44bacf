import { Alert, Anchor, Button, Stack } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { useMe } from "../../../lib/me.ts";
import {
  AddTileButton,
  HeaderBadge,
  RemoveRestoreButton,
  useDetailActions,
} from "../../../ui/detail/DetailActions.tsx";
import { DetailHeader } from "../../../ui/detail/DetailHeader.tsx";
import { formatPercent, minutesOrDefault } from "../../../ui/detail/format.ts";
import { KeyValueList } from "../../../ui/detail/KeyValueList.tsx";
import { NotFoundPanel } from "../../../ui/detail/NotFoundPanel.tsx";
import { UrlTabs } from "../../../ui/detail/UrlTabs.tsx";
import { FormModal } from "../../../ui/form/FormModal.tsx";
import { notify } from "../../../ui/notify.tsx";
import { PageHeading } from "../../../ui/PageHeading.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { useLocationChoices } from "../../events/location-choices.ts";
import { AssignedUsers } from "../../links/AssignedUsers.tsx";
import { CourseForm } from "../CourseForm.tsx";
import { courseFormFrom, courseVariables } from "../course-form.ts";
import { courseSchedule, courseState, semesterText } from "../format.ts";
import { coursePermissions } from "../permissions.ts";
import {
  type CourseDetail,
  type CourseSchool,
  isNotFound,
  RemoveCourseDocument,
  RestoreCourseDocument,
  UpdateCourseDocument,
  useCourseDetail,
  useCourseUsers,
  useRefreshCourse,
} from "../queries.ts";
import { usePhone } from "../use-phone.ts";
import { CalendarFeedButton } from "./CalendarFeedButton.tsx";
import { CancellationsTab } from "./CancellationsTab.tsx";
import { DashboardTab } from "./DashboardTab.tsx";
import { StudentsTab } from "./StudentsTab.tsx";

/** /Courses/:uuid — a course: header with its actions, and the tabs Dashboard, Students, Cancellations, Users. */
export default function CourseDetailPage() {
  const { uuid = "" } = useParams();
  const detail = useCourseDetail(uuid);
  if (detail.isError && isNotFound(detail.error)) {
    return <NotFoundPanel what="Course" backTo="/Courses" backLabel="Back to the courses" />;
  }
  if (!detail.data) {
    return (
      <Stack gap="sm">
        <PageHeading>Course</PageHeading>
        {detail.isError ? (
          <Alert color="red" role="alert" title="The course could not be loaded">
            {detail.error.message}{" "}
            <Button size="xs" variant="light" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Spinner label="Loading the course" />
        )}
      </Stack>
    );
  }
  return <CourseDetailView course={detail.data.course} school={detail.data.school} />;
}

function CourseDetailView({ course, school }: { course: CourseDetail; school: CourseSchool }) {
  const me = useMe();
  const can = coursePermissions(me);
  const refresh = useRefreshCourse(course.uuid);
  const users = useCourseUsers(course.uuid);
  const [editing, setEditing] = useState(false);
  const phone = usePhone();
  const locations = useLocationChoices(editing);
  const state = courseState(course);

  const detail = useDetailActions(refresh);

  const actions = (
    <>
      {can.edit && state !== "removed" && (
        <Button variant="default" onClick={() => setEditing(true)}>
          Edit
        </Button>
      )}
      {can.edit && state !== "removed" && (
        <Button
          variant="default"
          loading={detail.busy === "archive"}
          onClick={() =>
            void detail.act(
              "archive",
              course.is_archived
                ? { title: "Unarchive course", message: `Bring ${course.title} back to the active courses?` }
                : {
                    title: "Archive course",
                    message: `Archive ${course.title}? It leaves the active list; its attendance is kept.`,
                  },
              () => execute(UpdateCourseDocument, { id: course.id, is_archived: !course.is_archived }),
              course.is_archived ? `${course.title} is active again.` : `${course.title} was archived.`,
            )
          }
        >
          {course.is_archived ? "Unarchive" : "Archive"}
        </Button>
      )}
      {can.edit && (
        <RemoveRestoreButton
          actions={detail}
          kind="course"
          name={course.title}
          removed={state === "removed"}
          removeNote="It leaves lists and schedules; its attendance is kept for reports, and it can be restored."
          remove={() => execute(RemoveCourseDocument, { id: course.id })}
          restore={() => execute(RestoreCourseDocument, { id: course.id })}
        />
      )}
      <AddTileButton actions={detail} kind="course" id={course.id} name={course.title} />
      <CalendarFeedButton url={course.calendar_url} title={course.title} />
    </>
  );

  const badges = (
    <>
      {state === "removed" && <HeaderBadge color="red">Removed</HeaderBadge>}
      {course.is_archived && <HeaderBadge color="gray">Archived</HeaderBadge>}
      {course.is_in_session && <HeaderBadge color="teal">In session</HeaderBadge>}
    </>
  );

  const tabs = [
    {
      value: "dashboard",
      label: "Dashboard",
      panel: <DashboardTab course={course} timeZone={school.timezone} can={can} />,
    },
    {
      value: "students",
      label: "Students",
      panel: <StudentsTab course={course} school={school} can={can} />,
    },
    ...(can.cancellations
      ? [
          {
            value: "cancellations",
            label: "Cancellations",
            panel: <CancellationsTab course={course} timeZone={school.timezone} />,
          },
        ]
      : []),
    {
      value: "users",
      label: "Users",
      panel: (
        <AssignedUsers
          type="course"
          id={course.id}
          title={course.title}
          users={users}
          canManage={can.manageUsers}
          readOnly={course.deleted_at !== null}
          onChanged={() => users.refetch()}
        />
      ),
    },
  ];

  return (
    <Stack gap="md" maw={1200}>
      <DetailHeader
        title={course.title}
        back={
          <Anchor component={Link} to="/Courses" size="sm">
            ← Recurring
          </Anchor>
        }
        subtitle={`${courseSchedule(course)}${course.location ? ` · ${course.location.name}` : ""}`}
        badges={badges}
        actions={actions}
      >
        <KeyValueList
          columns={3}
          label="Course"
          items={[
            { label: "CRN", value: course.crn },
            { label: "Course number", value: course.course_number },
            { label: "Location", value: course.location?.name },
            { label: "Semester", value: semesterText(course) },
            { label: "Students", value: formatCount(course.students_count) },
            { label: "APA", value: formatPercent(course.apa) },
            { label: "Late after", value: minutesOrDefault(course.late_time) },
            { label: "Absent after", value: minutesOrDefault(course.absent_time) },
            {
              label: "Minimum percentage",
              value: course.min_percentage === null ? "School default" : `${course.min_percentage}%`,
            },
            { label: "Alerts students", value: course.alerts_students ? "Yes" : "No" },
            { label: "Manual attendance", value: course.manual_attendance ? "Yes" : "No" },
          ]}
        />
      </DetailHeader>
      <UrlTabs label="Course sections" defaultTab="dashboard" tabs={tabs} />
      <FormModal
        opened={editing}
        onClose={() => setEditing(false)}
        title={`Edit ${course.title}`}
        size="xl"
        fullScreen={phone}
      >
        <CourseForm
          label="Edit course"
          initial={courseFormFrom(course)}
          submitLabel="Save"
          locations={
            course.location && !(locations.data ?? []).some((l) => l.value === String(course.location?.id))
              ? [{ value: String(course.location.id), label: course.location.name }, ...(locations.data ?? [])]
              : (locations.data ?? [])
          }
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            await execute(UpdateCourseDocument, { id: course.id, ...courseVariables(values) });
            setEditing(false);
            notify.success(`${values.title.trim()} was saved.`);
            await refresh();
          }}
        />
      </FormModal>
    </Stack>
  );
}
