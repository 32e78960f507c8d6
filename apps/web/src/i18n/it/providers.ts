export default {
  title: 'Fornitori',
  subtitle: 'Imprese e professionisti che lavorano per i condomini',
  new: 'Nuovo fornitore',
  drawerTitle: 'Fornitore',
  emptyTitle: 'Nessun fornitore',
  emptyText: 'Non ci sono ancora fornitori in questo archivio.',
  searchPlaceholder: 'Cerca per nome, partita IVA, città o email',
  count_one: '{{total}} fornitore',
  count_other: '{{total}} fornitori',
};
