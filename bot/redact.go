package bot

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
)

// secretText matches what must never reach a log line or an error's text:
// the token in interaction and webhook URLs, and interaction tokens on
// their own (Discord's start with "aW50ZXJhY3Rpb24", base64 for
// "interaction").
var secretText = regexp.MustCompile(`(/(?:interactions|webhooks)/[0-9]+/)[^/?\s"']+|aW50ZXJhY3Rpb24[A-Za-z0-9_\-.=]*`)

// Redact replaces the interaction and webhook tokens in s with "…", and
// each of secrets (such as the bot token, with or without "Bot ").
func Redact(s string, secrets ...string) string {
	s = secretText.ReplaceAllStringFunc(s, func(m string) string {
		if sub := secretText.FindStringSubmatch(m); sub[1] != "" {
			return sub[1] + "…"
		}
		return "…"
	})
	for _, secret := range secrets {
		if secret = bareSecret(secret); secret != "" {
			s = strings.ReplaceAll(s, secret, "…")
		}
	}
	return s
}

// bareSecret is secret without a "Bot " prefix or spaces, or "" when what
// is left is too short to be a secret (replacing it would garble text).
func bareSecret(secret string) string {
	if secret = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(secret), "Bot ")); len(secret) >= 8 {
		return secret
	}
	return ""
}

// redact returns err with its text redacted, or err itself when its text
// holds no token (network errors quote the URL, and tokens are in it).
func redact(err error) error {
	if err == nil {
		return nil
	}
	text := err.Error()
	if r := Redact(text); r != text {
		return &redacted{err: err, text: r}
	}
	return err
}

// redacted is an error whose text hides a token.
type redacted struct {
	err  error
	text string
}

func (e *redacted) Error() string { return e.text }
func (e *redacted) Unwrap() error { return e.err }

// RedactLogs wraps h so that no log line shows an interaction or webhook
// token, nor any of secrets (the bot token): the message and every
// attribute value, errors included, are redacted before h sees them.
func RedactLogs(h slog.Handler, secrets ...string) slog.Handler {
	if r, ok := h.(*redactor); ok && len(secrets) == 0 {
		return r
	}
	var keep []string
	for _, s := range secrets {
		if s = bareSecret(s); s != "" {
			keep = append(keep, s)
		}
	}
	return &redactor{h: h, secrets: keep}
}

// redactor is the handler RedactLogs returns.
type redactor struct {
	h       slog.Handler
	secrets []string
}

func (r *redactor) Enabled(ctx context.Context, l slog.Level) bool { return r.h.Enabled(ctx, l) }

func (r *redactor) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, r.text(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(r.attr(a))
		return true
	})
	return r.h.Handle(ctx, out)
}

func (r *redactor) WithAttrs(as []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(as))
	for i, a := range as {
		clean[i] = r.attr(a)
	}
	return &redactor{h: r.h.WithAttrs(clean), secrets: r.secrets}
}

func (r *redactor) WithGroup(name string) slog.Handler {
	return &redactor{h: r.h.WithGroup(name), secrets: r.secrets}
}

// attr redacts one attribute, groups and any value's text included.
func (r *redactor) attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, r.text(v.String()))
	case slog.KindGroup:
		as := v.Group()
		clean := make([]any, len(as))
		for i, x := range as {
			clean[i] = r.attr(x)
		}
		return slog.Group(a.Key, clean...)
	case slog.KindAny:
		x := v.Any()
		var text string
		if err, ok := x.(error); ok {
			text = err.Error()
		} else {
			text = fmt.Sprint(x)
		}
		if clean := r.text(text); clean != text {
			return slog.String(a.Key, clean)
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}

// text redacts a string.
func (r *redactor) text(s string) string { return Redact(s, r.secrets...) }
