// altcha ships no type file for this translation; importing it registers pt-BR texts on the widget.
declare module 'altcha/i18n/pt-br'
