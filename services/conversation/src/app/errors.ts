import { AppError } from "@qai/platform";

/** Another owner's record answers exactly like a missing one, so ids reveal nothing. */
export const conversationNotFound = (id: string) =>
  new AppError("not_found", `conversation ${id} not found`, {
    userMessage: { ar: "المحادثة غير موجودة.", en: "Conversation not found." },
  });

export const messageNotFound = (id: string) =>
  new AppError("not_found", `message ${id} not found`, {
    userMessage: { ar: "الرسالة غير موجودة.", en: "Message not found." },
  });

export const questionNotFound = (id: string) =>
  new AppError("not_found", `question ${id} not found`, {
    userMessage: { ar: "السؤال غير موجود في سجل الأسئلة.", en: "Question not found in your question history." },
  });

export const favoriteNotFound = (id: string) =>
  new AppError("not_found", `favorite ${id} not found`, {
    userMessage: { ar: "العنصر غير موجود في المفضلة.", en: "Favorite not found." },
  });

export const onlyAnswersRated = () =>
  new AppError("invalid_argument", "only answers can be liked or disliked", {
    userMessage: { ar: "يمكن تقييم إجابات المساعد فقط.", en: "Only the assistant's answers can be liked or disliked." },
  });

export const favoriteContentRequired = () =>
  new AppError("invalid_argument", "a favorite needs content or a title", {
    userMessage: { ar: "المحتوى مطلوب لحفظ العنصر في المفضلة.", en: "The content is required to save a favorite." },
  });

export const referenceRequired = () =>
  new AppError("invalid_argument", "referenceId is required for message and conversation favorites", {
    userMessage: { ar: "معرّف العنصر المرجعي مطلوب.", en: "The referenceId is required." },
  });

export const invalidArgument = (message: string, ar: string, en: string) => new AppError("invalid_argument", message, { userMessage: { ar, en } });
