package bot

import (
	"fmt"
	"io"
	"net/http"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// maxImportFile is the largest file /import reads: a long game with
// comments is a few kilobytes.
const maxImportFile = 64 << 10

// importText is what /import reads: its text option, or the file attached
// to its file option, downloaded from Discord's CDN (the attachment in the
// interaction's resolved data). A file that is not UTF-8 is read as the
// Chinese software that wrote it most likely encoded it: Big5 for
// traditional Chinese readers, GB18030 (which GBK files are) for the
// others.
func (b *Bot) importText(q *request, o options) (string, error) {
	x, ok := o[optFile]
	if !ok {
		return o.str(optText), nil
	}
	if o.str(optText) != "" {
		return "", refuse("err.import.text_and_file")
	}
	id, _ := x.Value.(string)
	var a *discordgo.MessageAttachment
	if d := q.i.ApplicationCommandData(); d.Resolved != nil {
		a = d.Resolved.Attachments[id]
	}
	if a == nil {
		return "", refuse("err.import.file", id)
	}
	if a.Size > maxImportFile {
		return "", refuse("err.import.file_size", a.Filename, maxImportFile>>10)
	}
	data, err := b.download(q, a.URL)
	if err != nil {
		b.log.Warn("downloading an attachment to import", "interaction", q.i.ID, "file", a.Filename, "err", err)
		return "", refuse("err.import.file", a.Filename)
	}
	if len(data) > maxImportFile {
		return "", refuse("err.import.file_size", a.Filename, maxImportFile>>10)
	}
	if utf8.Valid(data) {
		return string(data), nil
	}
	var enc encoding.Encoding = simplifiedchinese.GB18030
	if q.loc == zhTW {
		enc = traditionalchinese.Big5
	}
	text, err := enc.NewDecoder().Bytes(data)
	if err != nil {
		return "", refuse("err.import.file", a.Filename)
	}
	return string(text), nil
}

// download reads at most maxImportFile+1 bytes at url.
func (b *Bot) download(q *request, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(q.ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("download %s: %w", url, err)
	}
	client := b.opt.Session.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("download %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("download %s: %s", url, resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxImportFile+1))
	if err != nil {
		return nil, fmt.Errorf("download %s: %w", url, err)
	}
	return data, nil
}
