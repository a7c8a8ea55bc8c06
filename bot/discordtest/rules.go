package discordtest

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's JSON error codes that the fake returns.
const (
	codeUnknownChannel       = 10003
	codeUnknownMessage       = 10008
	codeUnknownWebhook       = 10015
	codeUnknownInteraction   = 10062
	codeUnauthorized         = 40001
	codeEntityTooLarge       = 40005
	codeAlreadyAcknowledged  = 40060
	codeCannotEditOtherUsers = 50005
	codeEmptyMessage         = 50006
	codeInvalidWebhookToken  = 50027
	codeInvalidFormBody      = 50035
)

// apiError is an error reply in Discord's format.
type apiError struct {
	Status  int            `json:"-"`
	Code    int            `json:"code"`
	Message string         `json:"message"`
	Errors  map[string]any `json:"errors,omitempty"`
}

func (e *apiError) Error() string {
	return fmt.Sprintf("HTTP %d: %s (code %d)%s", e.Status, e.Message, e.Code, e.detail())
}

// detail lists the field errors as "path: message".
func (e *apiError) detail() string {
	var sb strings.Builder
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for k, child := range m {
			if k == "_errors" {
				for _, fe := range child.([]map[string]string) {
					fmt.Fprintf(&sb, "; %s: %s", prefix, fe["message"])
				}
				continue
			}
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			walk(p, child)
		}
	}
	walk("", map[string]any(e.Errors))
	return sb.String()
}

func newAPIError(status, code int, msg string) *apiError {
	return &apiError{Status: status, Code: code, Message: msg}
}

// formError is Discord's "Invalid Form Body" with one field error at a dotted path.
func formError(path, code, msg string) *apiError {
	leaf := map[string]any{"_errors": []map[string]string{{"code": code, "message": msg}}}
	parts := strings.Split(path, ".")
	for i := len(parts) - 1; i > 0; i-- {
		leaf = map[string]any{parts[i]: leaf}
	}
	return &apiError{Status: http.StatusBadRequest, Code: codeInvalidFormBody, Message: "Invalid Form Body",
		Errors: map[string]any{parts[0]: leaf}}
}

func badJSON(err error) *apiError {
	return &apiError{Status: http.StatusBadRequest, Code: 50109, Message: "The request body contains invalid JSON. " + err.Error()}
}

// readMessageBody parses a request's message body (JSON or multipart) and
// checks it against Discord's limits: what every message-writing route does
// first.
func readMessageBody(q *restReq) (*messageBody, *apiError) {
	b, aerr := parseMessageBody(q.body, q.files)
	if aerr == nil {
		aerr = checkMessageBody(b)
	}
	return b, aerr
}

// checkMessageBody enforces Discord's limits on a message create or edit.
func checkMessageBody(b *messageBody) *apiError {
	if b.content != nil {
		if n := utf8.RuneCountInString(*b.content); n > MaxContent {
			return formError("content", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", MaxContent))
		}
	}
	if len(b.embeds) > MaxEmbeds {
		return formError("embeds", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", MaxEmbeds))
	}
	if n := embedsText(b.embeds); n > MaxEmbedsText {
		return formError("embeds", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Embed size exceeds maximum size of %d", MaxEmbedsText))
	}
	if err := checkComponents(b.components); err != nil {
		return err
	}
	if len(b.files) > MaxFiles {
		return formError("files", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", MaxFiles))
	}
	for _, f := range b.files {
		if len(f.data) > MaxFileSize {
			return newAPIError(http.StatusRequestEntityTooLarge, codeEntityTooLarge,
				fmt.Sprintf("Request entity too large: %s is %d bytes, the limit is %d", f.filename, len(f.data), MaxFileSize))
		}
	}
	return nil
}

// embedsText counts what Discord's limit on all of a message's embeds
// together counts: the characters of every title, description, field
// name and value, footer text and author name.
func embedsText(embeds []*discordgo.MessageEmbed) int {
	n := 0
	for _, e := range embeds {
		if e == nil {
			continue
		}
		n += utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
		for _, f := range e.Fields {
			if f != nil {
				n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
			}
		}
		if e.Footer != nil {
			n += utf8.RuneCountInString(e.Footer.Text)
		}
		if e.Author != nil {
			n += utf8.RuneCountInString(e.Author.Name)
		}
	}
	return n
}

// checkComponents enforces the layout rules of message components.
func checkComponents(rows []Component) *apiError {
	if len(rows) > MaxRows {
		return formError("components", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", MaxRows))
	}
	seen := map[string]string{}
	for i, row := range rows {
		at := "components." + strconv.Itoa(i)
		if row.Type != discordgo.ActionsRowComponent {
			return formError(at+".type", "UNION_TYPE_CHOICES", fmt.Sprintf("Value of field \"type\" must be one of (%d,); top-level components must be action rows", discordgo.ActionsRowComponent))
		}
		if len(row.Components) == 0 || len(row.Components) > MaxRowButtons {
			return formError(at+".components", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", MaxRowButtons))
		}
		for j, c := range row.Components {
			cat := at + ".components." + strconv.Itoa(j)
			switch c.Type {
			case discordgo.ButtonComponent:
				if err := checkButton(cat, c); err != nil {
					return err
				}
			case discordgo.SelectMenuComponent, discordgo.UserSelectMenuComponent, discordgo.RoleSelectMenuComponent,
				discordgo.MentionableSelectMenuComponent, discordgo.ChannelSelectMenuComponent:
				if len(row.Components) != 1 {
					return formError(at+".components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
				}
				if c.Type == discordgo.SelectMenuComponent && (len(c.Options) == 0 || len(c.Options) > 25) {
					return formError(cat+".options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
				}
			default:
				return formError(cat+".type", "UNION_TYPE_CHOICES", fmt.Sprintf("component type %d is not allowed in a message action row", c.Type))
			}
			if c.Style == int(discordgo.LinkButton) && c.Type == discordgo.ButtonComponent {
				continue
			}
			if n := utf8.RuneCountInString(c.CustomID); n < 1 || n > MaxCustomID {
				return formError(cat+".custom_id", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", MaxCustomID))
			}
			if prev, dup := seen[c.CustomID]; dup {
				return formError(cat+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED",
					fmt.Sprintf("Component custom id cannot be duplicated (%q is also at %s)", c.CustomID, prev))
			}
			seen[c.CustomID] = cat
		}
	}
	return nil
}

func checkButton(at string, c Component) *apiError {
	if utf8.RuneCountInString(c.Label) > 80 {
		return formError(at+".label", "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length.")
	}
	switch discordgo.ButtonStyle(c.Style) {
	case discordgo.PrimaryButton, discordgo.SecondaryButton, discordgo.SuccessButton, discordgo.DangerButton:
		if c.URL != "" {
			return formError(at+".url", "BUTTON_COMPONENT_URL_NOT_ALLOWED", "A non-link button cannot have a url")
		}
	case discordgo.LinkButton:
		if c.URL == "" {
			return formError(at+".url", "BUTTON_COMPONENT_URL_REQUIRED", "A link button must have a url")
		}
		if c.CustomID != "" {
			return formError(at+".custom_id", "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "A link button cannot have a custom id")
		}
	default:
		return formError(at+".style", "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of (1, 2, 3, 4, 5), not %d.", c.Style))
	}
	return nil
}

// checkModal enforces the rules of a modal (callback type 9).
func checkModal(m *Modal) *apiError {
	if n := utf8.RuneCountInString(m.CustomID); n < 1 || n > MaxCustomID {
		return formError("data.custom_id", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", MaxCustomID))
	}
	if n := utf8.RuneCountInString(m.Title); n < 1 || n > 45 {
		return formError("data.title", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
	}
	if len(m.Components) == 0 || len(m.Components) > MaxRows {
		return formError("data.components", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", MaxRows))
	}
	seen := map[string]bool{}
	for i, row := range m.Components {
		at := "data.components." + strconv.Itoa(i)
		if row.Type != discordgo.ActionsRowComponent || len(row.Components) != 1 || row.Components[0].Type != discordgo.TextInputComponent {
			return formError(at, "MODAL_LAYOUT_INVALID", "Each modal row must be an action row holding exactly one text input")
		}
		in := row.Components[0]
		if n := utf8.RuneCountInString(in.CustomID); n < 1 || n > MaxCustomID {
			return formError(at+".components.0.custom_id", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", MaxCustomID))
		}
		if seen[in.CustomID] {
			return formError(at+".components.0.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
		}
		seen[in.CustomID] = true
	}
	return nil
}
