import { describe, expect, it } from "vitest";
import { escapeHtml, renderMail } from "./template.ts";

const content = {
  school: `St. "Mary's" <School> & Co`,
  subject: "Daily <recap>",
  greeting: "Hello <img src=x onerror=alert(1)>,",
  blocks: [
    { paragraph: "Line with <script>alert(1)</script>" },
    {
      heading: "Absences (2)",
      items: [
        { text: "<script>x</script> Evil", href: "https://r.test/Students/1?a=1&b=2" },
        { text: "Sneaky", href: "javascript:alert(1)" },
      ],
    },
    { heading: "None", items: [], empty: "Nothing <here>" },
  ],
  reason: "Because.",
  unsubscribeUrl: "https://r.test/Profile?tab=notifications",
};

describe("renderMail", () => {
  it("escapes every interpolated value in the HTML and links only http(s) addresses", () => {
    const { html } = renderMail(content);
    expect(html).not.toMatch(/<script|<img|<School>/);
    expect(html).toContain("St. &quot;Mary&#39;s&quot; &lt;School&gt; &amp; Co");
    expect(html).toContain("<title>Daily &lt;recap&gt;</title>");
    expect(html).toContain('<a href="https://r.test/Students/1?a=1&amp;b=2">&lt;script&gt;x&lt;/script&gt; Evil</a>');
    expect(html).toContain("<li>Sneaky</li>");
    expect(html).not.toContain("javascript:");
    expect(html).toContain("<p>Nothing &lt;here&gt;</p>");
    expect(html).toContain('<a href="https://r.test/Profile?tab=notifications">Unsubscribe');
  });

  it("writes the plain-text part with the school, the lists and the unsubscribe link", () => {
    const { text, subject } = renderMail(content);
    expect(subject).toBe("Daily <recap>");
    expect(text.split("\n")[0]).toBe(content.school);
    expect(text).toContain(
      "Absences (2):\n- <script>x</script> Evil: https://r.test/Students/1?a=1&b=2\n- Sneaky: javascript:alert(1)",
    );
    expect(text).toContain("None:\nNothing <here>");
    expect(text).toContain("Unsubscribe or change these e-mails: https://r.test/Profile?tab=notifications");
    expect(text).not.toContain("<p>");
  });

  it("leaves the unsubscribe link out for readers without a sign-in", () => {
    const { text, html } = renderMail({ ...content, unsubscribeUrl: null });
    expect(text).not.toContain("Unsubscribe");
    expect(html).not.toContain("Unsubscribe");
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});
