import { lazy } from "react";
import { createBrowserRouter } from "react-router-dom";
import { AppLayout } from "./AppLayout";
import { NotFoundPage } from "./NotFoundPage";

// The chat is the heaviest screen: it loads on demand so the first paint stays small.
const ChatScreen = lazy(() => import("../features/chat").then((m) => ({ default: m.ChatScreen })));

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      // Spec §2: landing at / and the main application at /app; both open the chat for now.
      { path: "/", element: <ChatScreen /> },
      { path: "/app", element: <ChatScreen /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
