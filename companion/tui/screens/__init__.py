"""The app's screens: home, help, the Euphoria set-up wizard and checklist, the games."""
