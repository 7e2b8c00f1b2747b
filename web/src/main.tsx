import "./lib/initial-url"; // first: remembers the address before the auth client clears its tokens
import "./i18n"; // sets <html lang dir> and the title before anything renders
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { applyTheme, storedTheme } from "./themes";

applyTheme(storedTheme(), { persist: false });

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
