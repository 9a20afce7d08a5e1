import { HomeLink, StatusPage } from "@/components/layout/status-page";

// Only pages inside the app's layout call forbidden(), so this renders within its `main`.
export default function Forbidden() {
  return (
    <StatusPage
      code="403"
      title="You don't have access to this page"
      message="Your role does not allow this. If you need it, ask an admin to change your role."
    >
      <HomeLink />
    </StatusPage>
  );
}
