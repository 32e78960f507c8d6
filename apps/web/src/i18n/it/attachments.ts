export default {
  previewTitle: 'Anteprima',
  closePreview: "Chiudi l'anteprima",
};
