//! (The WebSocket transport lands here.)
