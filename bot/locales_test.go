package bot

// catalogue and errorCatalogue are the loaded files as the catalogue's
// tests read them: per locale, the messages and the error formats.
var catalogue, errorCatalogue = func() (msgs, errs []map[string]string) {
	for _, lang := range loaded().list {
		msgs = append(msgs, lang.Messages)
		errs = append(errs, lang.Errors)
	}
	return msgs, errs
}()
