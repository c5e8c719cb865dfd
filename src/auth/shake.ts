/** The keyframes of the sign-in button's shake (spec 1 §2), rendered with a <style> React hoists once. */
export const SHAKE_KEYFRAMES = `@keyframes mate-shake {
  10%, 90% { transform: translateX(-1px); }
  20%, 80% { transform: translateX(2px); }
  30%, 50%, 70% { transform: translateX(-4px); }
  40%, 60% { transform: translateX(4px); }
}
@media (prefers-reduced-motion: reduce) { [data-shake] { animation: none !important; } }`;

export const SHAKE_ANIMATION = 'mate-shake 0.45s cubic-bezier(.36,.07,.19,.97) both';
